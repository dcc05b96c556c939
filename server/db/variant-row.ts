import { parseJsonColumn } from './json-column';

/** A variant's option_values column (a JSON list of the chosen value per option); anything unreadable reads as none. */
export function parseOptionValues(text: string): string[] {
  const value = parseJsonColumn<unknown>(text, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
