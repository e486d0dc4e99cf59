import { applyDecorators, Controller, Get, Header, HttpCode, Param, Post, Req, Res, StreamableFile, UploadedFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { UPLOAD_SETTING_LIMITS } from '../../../contracts/admin-settings.js';
import type { Attachment } from '../../../contracts/attachments.js';
import type { UploadedImage } from '../../../contracts/master-data.js';
import { AcceptsFile } from '../common/http/multipart.js';
import { Authenticated, CurrentUser, ForRoute, Public, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { Audited } from '../security-log/audited.decorator.js';
import { UploadQuotaInterceptor } from './upload-quota.js';
import { sessionTokenOf } from './session-token.js';
import { IMAGE_FIELD, UploadService, type ServedFile } from './upload.service.js';

// Images are private to logged-in users but may be cached by their own browser for a day
// (the content of an id never changes).
const PRIVATE_CACHE = 'private, max-age=86400';

/** The multipart parser's outer bound; the 'upload' setting's maxBytes is checked by the service. */
export const MULTIPART_FILE_LIMIT = UPLOAD_SETTING_LIMITS.maxBytes.max;

/** Headers of a served file: PDFs are downloads, never rendered by the browser in our origin. */
export function sendServed(served: ServedFile, response: Response): StreamableFile {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (served.download) {
    response.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
  }
  return served.file;
}

/** One file in the multipart field `file`, behind the per-user upload quota, as OpenAPI shows it. */
const AcceptsUpload = () =>
  applyDecorators(
    AcceptsFile({ field: IMAGE_FIELD, fileSize: MULTIPART_FILE_LIMIT }, UploadQuotaInterceptor),
    ApiConsumes('multipart/form-data'),
    ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } }),
  );

@ApiTags('uploads')
@Controller('admin/upload')
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  @Post('image')
  @HttpCode(200)
  // The screens that store images: styles, colour cards, the company logo, production documents,
  // the boards' logo (system settings).
  @ForRoute('GoodsCreate', 'GoodsUpdate', 'ColorCreate', 'ColorUpdate', 'Company', 'OrderCreate', 'SettingIndex')
  @Audited({ action: 'attachment.upload', target: 'attachment' })
  @AcceptsUpload()
  @ApiOperation({
    summary:
      "Upload an image (JPEG, PNG, WebP or GIF, up to the 'upload' setting's maxBytes, default 8 MB, and 40 megapixels); stored re-encoded as WebP with a thumbnail, in the database. Needs the Goods, Color, Company or Order permission; at most 60 uploads per user per 10 minutes and 300 MB per day (429 beyond)",
  })
  upload(@UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthenticatedUser): Promise<UploadedImage> {
    return this.uploads.saveImage(file, user.id);
  }

  @Post('file')
  @HttpCode(200)
  @ForRoute('GoodsCreate', 'GoodsUpdate', 'ColorCreate', 'ColorUpdate', 'Company', 'OrderCreate')
  @Audited({ action: 'attachment.upload', target: 'attachment' })
  @AcceptsUpload()
  @ApiOperation({
    summary:
      "Upload an attachment: an image (re-encoded as WebP) or a PDF (checked by content, stored as is), as the 'upload' setting allows (kinds, size). Returns the attachment record; one nothing refers to is removed after a day",
  })
  uploadFile(@UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthenticatedUser): Promise<Attachment> {
    return this.uploads.saveFile(file, user.id);
  }

  @Post('avatar')
  @HttpCode(200)
  // Every user may have an avatar (POST user/updateAvatar then names the upload).
  @Authenticated()
  @AcceptsUpload()
  @ApiOperation({ summary: "Upload your avatar image: any logged-in user; same checks, re-encoding and quota as upload/image. Then POST user/updateAvatar with the id" })
  uploadAvatar(@UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() user: AuthenticatedUser): Promise<UploadedImage> {
    return this.uploads.saveImage(file, user.id);
  }

  @Get('image/:id')
  @Public()
  @Header('Cache-Control', PRIVATE_CACHE)
  @ApiProduces('image/webp')
  @ApiOperation({ summary: 'An uploaded image; needs a session token in the `token` header or the `token` cookie' })
  async image(@Param('id') id: string, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return sendServed(await this.uploads.open(id, 'image', sessionTokenOf(request)), response);
  }

  @Get('image/:id/thumbnail')
  @Public()
  @Header('Cache-Control', PRIVATE_CACHE)
  @ApiProduces('image/webp')
  @ApiOperation({ summary: 'The thumbnail of an uploaded image; same session rule as the image' })
  async thumbnail(@Param('id') id: string, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return sendServed(await this.uploads.open(id, 'thumbnail', sessionTokenOf(request)), response);
  }

  @Get('file/:id')
  @Public()
  @Header('Cache-Control', PRIVATE_CACHE)
  @ApiProduces('image/webp', 'application/pdf')
  @ApiOperation({
    summary:
      'Any attachment: an image inline, a PDF as a download (Content-Disposition: attachment, nosniff). Session from the `token` header or cookie; production documents only for users the document rule lets see them',
  })
  async file(@Param('id') id: string, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return sendServed(await this.uploads.open(id, 'file', sessionTokenOf(request)), response);
  }
}
