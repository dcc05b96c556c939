/** A JSON text column as the app wrote it: `fallback` when empty or unreadable (a hand-edited row). */
export function parseJsonColumn<T>(text: string | null, fallback: T): T {
  if (text === null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
