import type { z } from 'zod';

/** The first message of each wrong field of a failed zod parse, keyed by field path ('form' for the object itself). */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A field's message as a sentence beside it. The server words some as a predicate ("is not
 * right", "is used by another account"), which reads after the field's label; the others
 * ("current password is required") only need a capital.
 */
export function fieldSentence(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (/^(is|are|was|must|has|does)\b/.test(message)) return `${label} ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}
