import { z } from './zod.ts';

/**
 * Copy Class carries the teacher's work (issue 31): after the copy's syllabus (and, if chosen,
 * its other items) are copied, the teacher's course-fact corrections, additions and hidden facts,
 * teacher answers and checked answers of `from_class_id` are copied into the new class, once.
 */
export const classCarryOverSchema = z.object({
  from_class_id: z.string().uuid('Class not found'),
  /** whether the copy took the other items too: corrections of their facts come along then */
  copy_additional: z.boolean().default(true),
});
export type ClassCarryOver = z.input<typeof classCarryOverSchema>;

export const classCarryOverReplySchema = z.object({
  facts: z.number().int(),
  teacher_answers: z.number().int(),
  checks: z.number().int(),
});
export type ClassCarryOverReply = z.infer<typeof classCarryOverReplySchema>;

export const CARRY_OVER_MESSAGES = {
  sameClass: 'A class cannot be copied into itself',
  alreadyCarried: "This class already has another class's work copied into it",
} as const;
