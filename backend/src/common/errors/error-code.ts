/**
 * Every error a client can get, with its HTTP status and the i18n key of its message.
 * `code` in the response envelope equals the HTTP status (PRODUCT.md §3); `errorKey` in `data`
 * lets clients and tests tell errors of the same status apart.
 */
export const ERRORS = {
  validation: { status: 400, key: 'errors.validation' },
  malformedBody: { status: 400, key: 'errors.malformedBody' },
  unauthorized: { status: 401, key: 'errors.unauthorized' },
  tokenInvalid: { status: 401, key: 'errors.tokenInvalid' },
  loginFailed: { status: 401, key: 'errors.loginFailed' },
  noPermissionAccount: { status: 403, key: 'errors.noPermissionAccount' },
  accountDisabled: { status: 403, key: 'errors.accountDisabled' },
  forbidden: { status: 403, key: 'errors.forbidden' },
  cannotDisableSelf: { status: 409, key: 'errors.cannotDisableSelf' },
  cannotDeleteSelf: { status: 409, key: 'errors.cannotDeleteSelf' },
  cannotRemoveOwnAdmin: { status: 409, key: 'errors.cannotRemoveOwnAdmin' },
  lastPermissionAdmin: { status: 409, key: 'errors.lastPermissionAdmin' },
  notFound: { status: 404, key: 'errors.notFound' },
  routeNotFound: { status: 404, key: 'errors.routeNotFound' },
  conflict: { status: 409, key: 'errors.conflict' },
  alreadyExists: { status: 409, key: 'errors.alreadyExists' },
  inUse: { status: 409, key: 'errors.inUse' },
  referenceInvalid: { status: 400, key: 'errors.referenceInvalid' },
  selectColorFirst: { status: 400, key: 'errors.selectColorFirst' },
  sizeNotInGroup: { status: 400, key: 'errors.sizeNotInGroup' },
  uploadNotFound: { status: 400, key: 'errors.uploadNotFound' },
  imageTooLarge: { status: 413, key: 'errors.imageTooLarge' },
  payloadTooLarge: { status: 413, key: 'errors.payloadTooLarge' },
  unsupportedMediaType: { status: 415, key: 'errors.unsupportedMediaType' },
  tooManyLoginAttempts: { status: 429, key: 'errors.tooManyLoginAttempts' },
  tooManyRequests: { status: 429, key: 'errors.tooManyRequests' },
  internal: { status: 500, key: 'errors.internal' },
  unavailable: { status: 503, key: 'errors.unavailable' },
  // Sales orders and order numbering.
  noChildDetail: { status: 400, key: 'errors.noChildDetail' },
  noColorOrSizeSelected: { status: 400, key: 'errors.noColorOrSizeSelected' },
  goodsCodeInvalid: { status: 400, key: 'errors.goodsCodeInvalid' },
  itemAlreadyExists: { status: 400, key: 'errors.itemAlreadyExists' },
  colorNotOfStyle: { status: 400, key: 'errors.colorNotOfStyle' },
  sizeNotOfStyle: { status: 400, key: 'errors.sizeNotOfStyle' },
  deliveryBeforeOrderDate: { status: 400, key: 'errors.deliveryBeforeOrderDate' },
  orderNumberPatternInvalid: { status: 400, key: 'errors.orderNumberPatternInvalid' },
  orderNumberExists: { status: 409, key: 'errors.orderNumberExists' },
  // Production orders.
  cancelReviewFirst: { status: 409, key: 'errors.cancelReviewFirst' },
  alreadyReviewed: { status: 409, key: 'errors.alreadyReviewed' },
  notReviewed: { status: 409, key: 'errors.notReviewed' },
  documentNotUploaded: { status: 409, key: 'errors.documentNotUploaded' },
  importInvalid: { status: 400, key: 'errors.importInvalid' },
} as const;

export type ErrorName = keyof typeof ERRORS;
