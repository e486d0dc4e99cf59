import { Controller, Get, Header, HttpCode, Param, Post, Req, StreamableFile, UploadedFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { UploadedImage } from '../../../contracts/master-data.js';
import { AcceptsFile } from '../common/http/multipart.js';
import { CurrentUser, ForRoute, Public, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { MAX_IMAGE_BYTES } from './image-encoder.js';
import { UploadQuotaInterceptor } from './upload-quota.js';
import { sessionTokenOf } from './session-token.js';
import { IMAGE_FIELD, UploadService } from './upload.service.js';

// Images are private to logged-in users but may be cached by their own browser for a day
// (the content of an id never changes).
const PRIVATE_CACHE = 'private, max-age=86400';

@ApiTags('uploads')
@Controller('admin/upload')
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  @Post('image')
  @HttpCode(200)
  // The screens that store images: styles, colour cards, the company logo, production documents.
  @ForRoute('GoodsCreate', 'GoodsUpdate', 'ColorCreate', 'ColorUpdate', 'Company', 'OrderCreate')
  @AcceptsFile({ field: IMAGE_FIELD, fileSize: MAX_IMAGE_BYTES }, UploadQuotaInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({ summary: 'Upload an image (JPEG, PNG, WebP or GIF, up to 8 MB and 40 megapixels); stored re-encoded as WebP with a thumbnail. Needs the Goods, Color, Company or Order permission; at most 60 uploads per user per 10 minutes and 300 MB per day (429 beyond)' })
  upload(@UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthenticatedUser): Promise<UploadedImage> {
    return this.uploads.saveImage(file, user.id);
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
