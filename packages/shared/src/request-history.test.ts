import { describe, expect, it } from 'vitest';
import { FIELD_MAX_LENGTH, MAX_NOTES_PER_REQUEST } from './constants.js';
import { FIELD_MESSAGES } from './messages.js';
import {
  addNoteBodySchema,
  editNoteBodySchema,
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
