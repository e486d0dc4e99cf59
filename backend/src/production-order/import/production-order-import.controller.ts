import { Controller, Get, Headers, HttpCode, Post, Query, StreamableFile, UploadedFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AcceptsFile } from '../../common/http/multipart.js';
import { ForRoute, SuccessMessage } from '../../common/http/route-access.decorators.js';
import { languageFromHeader } from '../../common/i18n/translator.js';
import { IMPORT_FILE_FIELD, MAX_IMPORT_FILE_BYTES, ProductionOrderImportService } from './production-order-import.service.js';
import { XLSX_TYPE, xlsxFile } from '../../common/http/xlsx-file.js';


@ApiTags('production orders')
@Controller('admin/productionOrder')
export class ProductionOrderImportController {
  constructor(private readonly imports: ProductionOrderImportService) {}

  @Get('importTemplate')
  @ForRoute('ProductionOrderCreate')
  @ApiProduces(XLSX_TYPE)
  @ApiOperation({ summary: 'The import template: the import columns headed in the request language, an example row and a notes sheet' })
  async importTemplate(@Headers('accept-language') acceptLanguage?: string, @Query('lang') lang?: string): Promise<StreamableFile> {
    const language = languageFromHeader(acceptLanguage ?? lang);
    const file = await this.imports.template(language);
    return xlsxFile(file, 'production-order-import', language === 'en' ? 'production-order-import' : '生产单导入模板');
  }

  @Post('importExcel')
  @HttpCode(200)
  @ForRoute('ProductionOrderCreate')
  @SuccessMessage('messages.saveSuccess')
  @AcceptsFile({ field: IMPORT_FILE_FIELD, fileSize: MAX_IMPORT_FILE_BYTES })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({ summary: "Import production orders from .xlsx: all rows or none; errors as ImportRowError[] in data.errors (code 400, errorKey 'importInvalid')" })
  importExcel(@UploadedFile() file: Express.Multer.File | undefined, @Headers('accept-language') acceptLanguage?: string): Promise<{ created: number; orders: { id: number; orderNo: string }[] }> {
    return this.imports.importFile(file, languageFromHeader(acceptLanguage));
  }
}
