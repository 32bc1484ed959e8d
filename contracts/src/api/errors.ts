import { ApiErrorSchema, type z } from './schema.js';

/** The one error shape every endpoint answers with (docs/product.md#errors-and-the-api). */
export type ApiError = z.infer<typeof ApiErrorSchema>;
