import { errorResponses } from '../http/openapi.js';

/** An upload of images: a multipart/form-data body. */
export const MULTIPART = ['multipart/form-data'];

/**
 * The statuses an upload of images is refused with: a broken body (400), too few credits (402),
 * a format or feature outside the plan (403), a file too large (413), not an image (415), invalid
 * fields (422), too many uploads (429).
 */
export const UPLOAD_REFUSALS = errorResponses(400, 402, 403, 413, 415, 422, 429);
