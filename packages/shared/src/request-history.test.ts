import { describe, expect, it } from 'vitest';
import { FIELD_MAX_LENGTH, MAX_NOTES_PER_REQUEST } from './constants.js';
import { FIELD_MESSAGES } from './messages.js';
import {
  addNoteBodySchema,
  editNoteBodySchema,
  HISTORY_EDITED_FIELD_LABELS,
  HISTORY_EDITED_FIELDS,
  HISTORY_FIELDS,
  HISTORY_TEXT_MAX_LENGTH,
  historyValueText,
  isHistoryTextOf,
  shortenHistoryText,
  moveRequestBodySchema,
  noteParamsSchema,
} from './request-history.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the move and note payloads (issue 12)', () => {
  it('takes a move between two of the five stages, and nothing else', () => {
    expect(moveRequestBodySchema.parse({ from: 'new request', to: 'closed' })).toEqual({
      from: 'new request',
      to: 'closed',
    });
    expect(moveRequestBodySchema.safeParse({ from: 'new request', to: 'won' }).success).toBe(false);
    expect(moveRequestBodySchema.safeParse({ to: 'closed' }).success).toBe(false);
  });

  it('refuses a blank note with a Spanish message, and one over the note limit', () => {
    expect(messagesOf(addNoteBodySchema.safeParse({ text: '  \n ' }))).toEqual([
      FIELD_MESSAGES.noteEmpty,
    ]);
    const long = 'x'.repeat(FIELD_MAX_LENGTH.note + 1);
    expect(messagesOf(addNoteBodySchema.safeParse({ text: long }))).toEqual([
      FIELD_MESSAGES.tooLong(FIELD_MAX_LENGTH.note),
    ]);
    expect(addNoteBodySchema.parse({ text: ' Llamar ' })).toEqual({ text: ' Llamar ' });
  });

  it('lets an edit empty a note (hidden, §2) but not exceed the limit', () => {
    expect(editNoteBodySchema.parse({ from: 'a', to: '' })).toEqual({ from: 'a', to: '' });
    const long = 'x'.repeat(FIELD_MAX_LENGTH.note + 1);
    expect(editNoteBodySchema.safeParse({ from: 'a', to: long }).success).toBe(false);
  });

  it('reads the note index from the path as a number within the notes limit', () => {
    const id = '0123456789abcdef01234567';
    expect(noteParamsSchema.parse({ id, index: '3' })).toEqual({ id, index: 3 });
    for (const index of ['-1', '1.5', 'x', String(MAX_NOTES_PER_REQUEST)]) {
      expect(noteParamsSchema.safeParse({ id, index }).success, index).toBe(false);
    }
  });
});

describe('the history of field edits (issue 25)', () => {
  it('records every edited field, each with the modal’s label, beside the older fields', () => {
    expect(HISTORY_FIELDS).toEqual(expect.arrayContaining(['status', 'note', 'outcome']));
    expect(HISTORY_FIELDS).toEqual(expect.arrayContaining([...HISTORY_EDITED_FIELDS]));
    expect(Object.keys(HISTORY_EDITED_FIELD_LABELS).sort()).toEqual(
      [...HISTORY_EDITED_FIELDS].sort(),
    );
    expect(HISTORY_EDITED_FIELD_LABELS.jobPosition).toBe('Cargo');
  });

  it('stores values as text: numbers in digits, the date as its instant, none as null', () => {
    expect(historyValueText(120)).toBe('120');
    expect(historyValueText(true)).toBe('true');
    expect(historyValueText('pending')).toBe('pending');
    expect(historyValueText(new Date('2026-12-12T12:00:00-03:00'))).toBe(
      '2026-12-12T15:00:00.000Z',
    );
    expect(historyValueText(null)).toBeNull();
    expect(historyValueText(undefined)).toBeNull();
    expect(historyValueText('')).toBe('');
  });

  it('shortens a long text to the limit, ending in "…", and still knows it as that text', () => {
    const long = 'a'.repeat(HISTORY_TEXT_MAX_LENGTH) + 'b';
    const short = shortenHistoryText(long);
    expect(short).toHaveLength(HISTORY_TEXT_MAX_LENGTH);
    expect(short.endsWith('…')).toBe(true);
    expect(shortenHistoryText('corta')).toBe('corta');
    expect(shortenHistoryText('a'.repeat(HISTORY_TEXT_MAX_LENGTH))).toHaveLength(
      HISTORY_TEXT_MAX_LENGTH,
    );
    expect(isHistoryTextOf(short, long)).toBe(true);
    expect(isHistoryTextOf('corta', 'corta')).toBe(true);
    expect(isHistoryTextOf(short, `c${long}`)).toBe(false);
    expect(isHistoryTextOf('cor…', 'corta')).toBe(false);
  });
});
