// Attachments (issue 12): the record behind every upload, and a production order's documents.
// Shared by the upload endpoints, the production-document screen and the clear-documents tool.
import type { UploadKind } from './admin-settings.js';

/** Who may own an attachment. Other images (styles, colour cards, logo) are referred to by id. */
export type AttachmentOwnerType = 'productionOrder';

export interface Attachment {
  /** 32 hex digits; the same id image fields and production_order.document hold. */
  id: string;
  /** The file name as uploaded (shown, and used for downloads). */
  name: string;
  /** A human number, in upload order (e.g. "#128"). */
  number: number;
  kind: UploadKind;
  /** Served type: image/webp for images (re-encoded), application/pdf for PDFs (as uploaded). */
  mime: string;
  /** Stored size in bytes (the re-encoded image, or the PDF). */
  size: number;
  width: number | null;
  height: number | null;
  uploadedBy: { id: number; name: string } | null;
  uploadedAt: string;
  owner: { type: AttachmentOwnerType; id: number } | null;
  /** GET: the image inline, or the PDF as a download (Content-Disposition: attachment). */
  url: string;
  /** Images only. */
  thumbnailUrl: string | null;
}

/** Serves any attachment: images inline, PDFs always as downloads. Same session rule as images. */
export const attachmentUrl = (id: string) => `/api/admin/upload/file/${id}`;

// POST /api/admin/upload/file (multipart field `file`; images or PDFs per the 'upload' settings)
//   → Attachment (not yet owned: attach it, or it is removed after a day).
// GET  /api/admin/productionOrder/documents?id= (routes OrderIndex, OrderCreate) → Attachment[]
//   (newest first) plus `viewable`: may this user open them (the document rule).
// POST /api/admin/productionOrder/addDocument (route OrderCreate) multipart `file` + `id`
//   → the new Attachment; the order's `document` becomes it.
// POST /api/admin/productionOrder/removeDocument (route OrderCreate) { id, upload } → the order's
//   remaining documents.
export interface OrderDocuments {
  list: Attachment[];
  viewable: boolean;
}

/** GET /api/admin/setting/clearDocuments/preview and POST …/clearDocuments. */
export interface ClearDocumentsResult {
  orders: number;
  files: number;
  bytes: number;
}
