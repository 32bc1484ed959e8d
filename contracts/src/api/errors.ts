/** The one error shape every endpoint answers with (docs/product.md#errors-and-the-api). */
export interface ApiError {
  error: string;
  details?: string[];
}
