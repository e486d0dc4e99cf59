import { Controller, Get, Header, HttpCode, Param, Post, Req, StreamableFile, UploadedFiles } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { UploadedImage } from '../../../contracts/master-data.js';
import { Authenticated, CurrentUser, Public, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { sessionTokenOf } from './session-token.js';
import { UploadService } from './upload.service.js';

// Images are private to logged-in users but may be cached by their own browser for a day
// (the content of an id never changes).
const PRIVATE_CACHE = 'private, max-age=86400';

@ApiTags('uploads')
@Controller('admin/upload')
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  @Post('image')
  @HttpCode(200)
  @Authenticated()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({ summary: 'Upload an image (JPEG, PNG, WebP or GIF, up to 8 MB and 40 megapixels); stored re-encoded as WebP with a thumbnail' })
  upload(@UploadedFiles() files: Express.Multer.File[] | undefined, @CurrentUser() user: AuthenticatedUser): Promise<UploadedImage> {
    return this.uploads.saveImage(files, user.id);
  }

  @Get('image/:id')
  @Public()
  @Header('Cache-Control', PRIVATE_CACHE)
  @ApiProduces('image/webp')
  @ApiOperation({ summary: 'An uploaded image; needs a session token in the `token` header or the `token` cookie' })
  image(@Param('id') id: string, @Req() request: Request): Promise<StreamableFile> {
    return this.uploads.openImage(id, 'image', sessionTokenOf(request));
  }

  @Get('image/:id/thumbnail')
  @Public()
  @Header('Cache-Control', PRIVATE_CACHE)
  @ApiProduces('image/webp')
  @ApiOperation({ summary: 'The 240 px thumbnail of an uploaded image; same session rule as the image' })
  thumbnail(@Param('id') id: string, @Req() request: Request): Promise<StreamableFile> {
    return this.uploads.openImage(id, 'thumbnail', sessionTokenOf(request));
  }
}
