import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multiLineText, singleLineText, textProblem } from './text';

describe('textProblem', () => {
  it('lets ordinary text through: Indian scripts with their joiners, ₹, emoji, punctuation', () => {
    for (const text of ['Flat 4B, 2nd Cross', 'अनन्या श्‍रीवास्तव', 'ಬೆಂಗಳೂರು', 'காந்தி தெரு', 'ശ്രീ‌', '₹1,499 — 50% off 📱', 'اردو متن', '']) {
      expect(textProblem(text, 'single'), JSON.stringify(text)).toBeNull();
      expect(textProblem(text, 'multi'), JSON.stringify(text)).toBeNull();
    }
  });

  it('refuses every C0 control, DEL and every C1 control on one line, naming the code point', () => {
    for (let code = 0; code <= 0x9f; code++) {
      if (code > 0x1f && code < 0x7f) continue;
      const char = String.fromCharCode(code);
      const expected = char === '\n' || char === '\r' ? 'must be on one line' : `contains a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
      expect(textProblem(`a${char}b`, 'single')).toBe(expected);
    }
  });

  it('on several lines, keeps LF, CRLF and tab, and refuses a lone CR and the other controls', () => {
    expect(textProblem('one\ntwo\r\n\tthree\r\n', 'multi')).toBeNull();
    expect(textProblem('one\rtwo', 'multi')).toBe('contains a control character (U+000D)');
    expect(textProblem('one\r', 'multi')).toBe('contains a control character (U+000D)');
    expect(textProblem('one\n\u000btwo', 'multi')).toBe('contains a control character (U+000B)');
    expect(textProblem('one\u0000', 'multi')).toBe('contains a control character (U+0000)');
    expect(textProblem('one\u2028two', 'multi')).toBe('contains a Unicode line separator (U+2028): use an ordinary new line');
    expect(textProblem('one\u2029two', 'single')).toBe('must be on one line');
  });

  it('refuses the invisible direction controls and marks, in either kind of field', () => {
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c]) {
      const expected = `contains an invisible direction-changing character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
      expect(textProblem(`abc${String.fromCharCode(code)}def`, 'single')).toBe(expected);
      expect(textProblem(`abc\n${String.fromCharCode(code)}def`, 'multi')).toBe(expected);
    }
  });

  it('names the first problem in the text', () => {
    expect(textProblem('a\u202eb\u0000', 'single')).toBe('contains an invisible direction-changing character (U+202E)');
  });
});

describe('singleLineText and multiLineText', () => {
  const Name = z.string().trim().max(100).check(singleLineText('name'));
  const Notes = z.string().trim().check(multiLineText('notes'));

  it('check after trimming: a new line at either end of a one-line field is trimmed away', () => {
    expect(Name.parse('  Asha Rao\n')).toBe('Asha Rao');
    expect(Notes.parse('one\r\ntwo\n')).toBe('one\r\ntwo');
  });

  it('refuse with the field named in the message', () => {
    const result = Name.safeParse('Asha\u001b[2J Rao');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('name contains a control character (U+001B)');
    expect(Notes.safeParse('one\u0007').error?.issues[0]?.message).toBe('notes contains a control character (U+0007)');
  });
});
