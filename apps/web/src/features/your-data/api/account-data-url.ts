/**
 * GET /api/account/data: the JSON file of everything Kholo holds about her. A plain link rather
 * than a fetch, so the browser downloads it with the server's file name, as any download.
 */
export const ACCOUNT_DATA_URL = '/api/account/data';
