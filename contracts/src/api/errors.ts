/** The one error shape every endpoint answers with (DESIGN §8). */
export interface ApiError {
  error: string;
  details?: string[];
}
