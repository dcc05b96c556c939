import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './deps';

function capture(format: 'auto' | 'json' | 'pretty', terminal: boolean): string {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const log = createLogger({ LOG_LEVEL: 'info', LOG_FORMAT: format }, { terminal, destination: out });
  log.info({ orderId: 'o1', password: 'hunter2' }, 'order paid');
  log.flush();
  return text;
}

describe('console output (LOG_FORMAT)', () => {
  it('a terminal gets one readable line: time, level, message, fields, the password redacted', () => {
    const text = capture('auto', true);
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] \S*INFO\S*: \S*order paid/);
    expect(text).toContain('"orderId":"o1"');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain('hunter2');
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it('JSON lines when standard output is not a terminal, or when asked for', () => {
    for (const text of [capture('auto', false), capture('json', true)]) {
      const entry = JSON.parse(text) as Record<string, unknown>;
      expect(entry).toMatchObject({ level: 30, msg: 'order paid', orderId: 'o1', password: '[redacted]' });
    }
  });

  it('pretty when asked for, even without a terminal (no colours then)', () => {
    const text = capture('pretty', false);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: order paid/);
    expect(text).not.toContain('\u001b[');
  });
});
