/** Every API endpoint is under /api (PRODUCT.md §3). */
export const API_PREFIX = 'api';
