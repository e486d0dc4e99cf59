import { Body, Controller, Get, Header, Headers, HttpCode, Post, Query, Req, Res, StreamableFile, UploadedFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Attachment, OrderDocuments } from '../../../contracts/attachments.js';
import { AcceptsFile } from '../common/http/multipart.js';
import { Audited } from '../security-log/audited.decorator.js';
import { MULTIPART_FILE_LIMIT, sendServed } from '../upload/upload.controller.js';
import { UploadQuotaInterceptor } from '../upload/upload-quota.js';
import type { ListPage, MasterDataDefinition, MasterDataName } from '../../../contracts/master-data.js';
import { PRODUCTION_ORDER_VIEWS, type ProductionOrder, type ProductionOrderView } from '../../../contracts/orders.js';
import { CurrentUser, ForRoute, Public, SuccessMessage, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { languageFromHeader } from '../common/i18n/translator.js';
import { parseListQuery } from '../master-data/list-query.js';
import { EXPORT_LIMIT } from '../master-data/master-data.controller-factory.js';
import { sessionTokenOf } from '../upload/session-token.js';
import {
  CancelReviewDto,
  CreateFromSaleOrderDto,
  DocumentQueryDto,
  IdsDto,
  OrderDocumentAddDto,
  OrderDocumentRemoveDto,
  ProductionOrderCreateDto,
  ProductionOrderDeleteDto,
  ProductionOrderIdDto,
  ProductionOrderUpdateDto,
  ReviewDto,
  UploadDocumentDto,
} from './production-order.dto.js';
import { PRODUCTION_ORDER_SHEET_TITLE, productionOrderWorkbook } from './production-order.export.js';
import { ProductionOrderService } from './production-order.service.js';
import { XLSX_TYPE, xlsxFile } from '../common/http/xlsx-file.js';

const label = (zh: string, en: string) => ({ 'zh-CN': zh, en });

/**
 * What the list accepts (sortField and filter.<field>), in the shape the shared list-query
 * parser reads: unknown sort fields and filters are refused, never turned into SQL.
 */
export const PRODUCTION_ORDER_LIST: MasterDataDefinition = {
  name: 'productionOrder' as MasterDataName,
  routeName: 'ProductionOrder',
  label: label('生产单', 'Production orders'),
  fields: {
    orderNo: { kind: 'code', label: label('生产单号', 'Production order no.'), filter: true },
    customer: { kind: 'reference', label: label('客户', 'Customer'), filter: true },
    customerOrderNo: { kind: 'text', label: label('客户订单号', 'Customer PO') },
    goods: { kind: 'reference', label: label('款号', 'Style'), filter: true },
    goodsCode: { kind: 'code', label: label('款号', 'Style no.') },
    productName: { kind: 'text', label: label('品名', 'Product name') },
    orderDate: { kind: 'text', label: label('下单日期', 'Order date') },
    deliveryDate: { kind: 'text', label: label('交货日期', 'Delivery date') },
    totalQuantity: { kind: 'integer', label: label('数量', 'Quantity') },
    reviewed: { kind: 'boolean', label: label('已审核', 'Reviewed'), filter: true },
    document: { kind: 'boolean', label: label('单据已上传', 'Document uploaded'), filter: true },
    flagged: { kind: 'boolean', label: label('需注意', 'Flagged'), filter: true },
    completed: { kind: 'boolean', label: label('已完成', 'Completed'), filter: true },
    hidden: { kind: 'text', label: label('隐藏', 'Hidden'), filter: true },
    deliveryFrom: { kind: 'text', label: label('交货日期从', 'Delivery from'), filter: true },
    deliveryTo: { kind: 'text', label: label('交货日期到', 'Delivery to'), filter: true },
    saleOrder: { kind: 'reference', label: label('销售订单', 'Sales order'), filter: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
};

const NOT_SORTABLE = new Set(['goods', 'document', 'flagged', 'completed', 'hidden', 'deliveryFrom', 'deliveryTo', 'saleOrder']);

function parseProductionOrderQuery(query: Record<string, unknown>) {
  const parsed = parseListQuery(query, PRODUCTION_ORDER_LIST);
  if (NOT_SORTABLE.has(parsed.sortField)) parsed.sortField = 'id';
  for (const field of ['deliveryFrom', 'deliveryTo'] as const) {
    const value = parsed.filters[field];
    if (value !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(value)) delete parsed.filters[field];
  }
  return parsed;
}

@ApiTags('production orders')
@Controller('admin/productionOrder')
export class ProductionOrderController {
  constructor(private readonly service: ProductionOrderService) {}

  @Get('list')
  // The document-upload, review and hide screens list production orders too.
  @ForRoute('ProductionOrderIndex', 'OrderIndex', 'OrderReview', 'OrderHide')
  @ApiOperation({
    summary:
      'Production orders: one page. filter.customer, goods, reviewed, document (uploaded), flagged, completed, deliveryFrom, deliveryTo (YYYY-MM-DD), saleOrder; filter.hidden=true lists hidden orders, =all every order (default: shown only)',
  })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'pageSize', required: false, type: 'integer' })
  @ApiQuery({ name: 'sortField', required: false, enum: ['id', 'orderNo', 'customer', 'customerOrderNo', 'goodsCode', 'productName', 'orderDate', 'deliveryDate', 'totalQuantity', 'reviewed', 'createdAt', 'updatedAt'] })
  @ApiQuery({ name: 'sortOrder', required: false, enum: ['asc', 'desc'] })
  @ApiQuery({ name: 'keyword', required: false })
  list(@Query() query: Record<string, unknown>): Promise<ListPage<ProductionOrder>> {
    return this.service.list(parseProductionOrderQuery(query));
  }

  @Get('export')
  @ForRoute('ProductionOrderIndex', 'OrderIndex', 'OrderReview', 'OrderHide')
  @ApiProduces(XLSX_TYPE)
  @ApiOperation({
    summary: `Production orders of the list's filter (same query as list) as an Excel file with the columns of the screen named by \`view\` (up to ${EXPORT_LIMIT} rows; more is refused with exportTooLarge)`,
  })
  @ApiQuery({ name: 'view', required: false, enum: PRODUCTION_ORDER_VIEWS, description: 'list (default), document, review or hide' })
  @ApiQuery({ name: 'sortField', required: false })
  @ApiQuery({ name: 'sortOrder', required: false, enum: ['asc', 'desc'] })
  @ApiQuery({ name: 'keyword', required: false })
  async export(@Query() query: Record<string, unknown>, @Headers('accept-language') acceptLanguage?: string): Promise<StreamableFile> {
    const view = query.view ?? 'list';
    if (!PRODUCTION_ORDER_VIEWS.includes(view as ProductionOrderView)) {
      throw new DomainException('validation', {}, { field: 'view', problem: 'oneOf', params: { values: PRODUCTION_ORDER_VIEWS.join(', ') }, label: label('视图', 'View') });
    }
    const rest = { ...query };
    delete rest.view;
    const rows = await this.service.exportRows(parseProductionOrderQuery(rest), EXPORT_LIMIT);
    const language = languageFromHeader(acceptLanguage ?? (query.lang as string | undefined));
    const title = PRODUCTION_ORDER_SHEET_TITLE[view as ProductionOrderView];
    return xlsxFile(await productionOrderWorkbook(view as ProductionOrderView, rows, language), 'productionOrder', title[language]);
  }

  @Get('detail')
  @ForRoute('ProductionOrderIndex', 'OrderIndex', 'OrderReview', 'OrderHide')
  @ApiOperation({ summary: "One production order with its cells, the style's colours and sizes, and its route" })
  detail(@Query(bodyPipe(ProductionOrderIdDto)) query: ProductionOrderIdDto): Promise<ProductionOrder> {
    return this.service.detail(query.id);
  }

  @Post('create')
  @HttpCode(200)
  @ForRoute('ProductionOrderCreate')
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Direct entry of a production order (cells and route as JSON strings)' })
  @ApiBody({ type: ProductionOrderCreateDto })
  create(@Body(bodyPipe(ProductionOrderCreateDto)) body: ProductionOrderCreateDto): Promise<ProductionOrder> {
    return this.service.create(body);
  }

  @Post('createFromSaleOrder')
  @HttpCode(200)
  @ForRoute('ProductionOrderCreate')
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'One production order per selected sales-order line; a line already in production is refused (item already exists)' })
  @ApiBody({ type: CreateFromSaleOrderDto })
  createFromSaleOrder(@Body(bodyPipe(CreateFromSaleOrderDto)) body: CreateFromSaleOrderDto): Promise<ProductionOrder[]> {
    return this.service.createFromSaleOrder(body.saleOrderId, body.lineIds);
  }

  @Post('update')
  @HttpCode(200)
  @ForRoute('ProductionOrderUpdate')
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Update the given fields (409 when `version` is stale); quantities and route are frozen while reviewed' })
  @ApiBody({ type: ProductionOrderUpdateDto })
  update(@Body(bodyPipe(ProductionOrderUpdateDto)) body: ProductionOrderUpdateDto): Promise<ProductionOrder> {
    return this.service.update(body);
  }

  @Post('delete')
  @HttpCode(200)
  @ForRoute('ProductionOrderIndex')
  @SuccessMessage('messages.deleteSuccess')
  @Audited({ action: 'record.delete', target: 'productionOrder', targetId: 'body.id' })
  @ApiOperation({ summary: 'Delete a production order that is not reviewed' })
  @ApiBody({ type: ProductionOrderDeleteDto })
  async delete(@Body(bodyPipe(ProductionOrderDeleteDto)) body: ProductionOrderDeleteDto): Promise<null> {
    await this.service.delete(body.id, body.version);
    return null;
  }

  @Post('uploadDocument')
  @HttpCode(200)
  @ForRoute('OrderCreate')
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Attach the production document (an upload id from /api/admin/upload/image)' })
  @ApiBody({ type: UploadDocumentDto })
  uploadDocument(@Body(bodyPipe(UploadDocumentDto)) body: UploadDocumentDto): Promise<ProductionOrder> {
    return this.service.uploadDocument(body);
  }

  @Get('document')
  @Public()
  @Header('Cache-Control', 'private, no-store')
  @ApiProduces('image/webp', 'application/pdf')
  @ApiOperation({
    summary:
      "The order's (newest) production document: an image inline, a PDF as a download; session from the `token` header or cookie; only for users who may view attachments of a process on the route, or hold Permission",
  })
  async document(@Query(bodyPipe(DocumentQueryDto)) query: DocumentQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return sendServed(await this.service.openDocument(query.id, sessionTokenOf(request)), response);
  }

  @Get('documents')
  @ForRoute('OrderIndex', 'OrderCreate')
  @ApiOperation({
    summary:
      "An order's documents (images and PDFs), newest first: name, number, kind, size, uploader, time, url; `viewable` says whether this user may open them (the document rule, applied again by every URL that serves a file)",
  })
  documents(@Query(bodyPipe(DocumentQueryDto)) query: DocumentQueryDto, @CurrentUser() user: AuthenticatedUser): Promise<OrderDocuments> {
    return this.service.documents(query.id, user);
  }

  @Post('addDocument')
  @HttpCode(200)
  @ForRoute('OrderCreate')
  @SuccessMessage('messages.saveSuccess')
  @Audited({ action: 'attachment.upload', target: 'productionOrder', targetId: 'query.id' })
  @AcceptsFile({ field: 'file', fileSize: MULTIPART_FILE_LIMIT }, UploadQuotaInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiQuery({ name: 'id', required: false, description: 'order id (or the multipart field `id`)' })
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { id: { type: 'integer' }, file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({
    summary:
      "Adds one document to the order: an image (re-encoded) or a PDF (checked by content), as the 'upload' setting allows; it becomes the order's document. Returns the attachment",
  })
  addDocument(
    @Query() query: Record<string, unknown>,
    @Body() body: Record<string, unknown>,
    @UploadedFile() file: Express.Multer.File | undefined,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<Attachment> {
    const input = OrderDocumentAddDto.parse(query?.id ?? body?.id);
    return this.service.addDocument(input.id, file, user);
  }

  @Post('removeDocument')
  @HttpCode(200)
  @ForRoute('OrderCreate')
  @SuccessMessage('messages.deleteSuccess')
  @Audited({ action: 'attachment.delete', target: 'productionOrder', targetId: 'body.id' })
  @ApiBody({ type: OrderDocumentRemoveDto })
  @ApiOperation({ summary: "Removes one document from the order (the file too, when nothing else refers to it); returns the order's remaining documents" })
  removeDocument(@Body(bodyPipe(OrderDocumentRemoveDto)) body: OrderDocumentRemoveDto, @CurrentUser() user: AuthenticatedUser): Promise<OrderDocuments> {
    return this.service.removeDocument(body.id, body.upload, user);
  }

  @Post('review')
  @HttpCode(200)
  @ForRoute('OrderReview')
  @SuccessMessage('messages.saveSuccess')
  @Audited({ action: 'order.review', target: 'productionOrder', targetId: 'body.id' })
  @ApiOperation({ summary: "Review; without a document refused with errorKey 'documentNotUploaded' unless confirmWithoutDocument=true" })
  @ApiBody({ type: ReviewDto })
  review(@Body(bodyPipe(ReviewDto)) body: ReviewDto, @CurrentUser() actor: AuthenticatedUser): Promise<ProductionOrder> {
    return this.service.review(body, actor);
  }

  @Post('cancelReview')
  @HttpCode(200)
  @ForRoute('OrderReview')
  @SuccessMessage('messages.saveSuccess')
  @Audited({ action: 'order.reviewCancel', target: 'productionOrder', targetId: 'body.id' })
  @ApiOperation({ summary: 'Cancel the review (with a note)' })
  @ApiBody({ type: CancelReviewDto })
  cancelReview(@Body(bodyPipe(CancelReviewDto)) body: CancelReviewDto): Promise<ProductionOrder> {
    return this.service.cancelReview(body);
  }

  @Post('hide')
  @HttpCode(200)
  @ForRoute('OrderHide')
  @Audited({ action: 'order.hide', target: 'productionOrder', targetId: 'body.ids' })
  @ApiOperation({ summary: 'Hide orders (ids comma-separated): they drop out of the default list' })
  @ApiBody({ type: IdsDto })
  hide(@Body(bodyPipe(IdsDto)) body: IdsDto): Promise<{ changed: number }> {
    return this.service.setHidden(body.ids, true);
  }

  @Post('show')
  @HttpCode(200)
  @ForRoute('OrderHide')
  @Audited({ action: 'order.unhide', target: 'productionOrder', targetId: 'body.ids' })
  @ApiOperation({ summary: 'Show hidden orders again (ids comma-separated)' })
  @ApiBody({ type: IdsDto })
  show(@Body(bodyPipe(IdsDto)) body: IdsDto): Promise<{ changed: number }> {
    return this.service.setHidden(body.ids, false);
  }
}
