import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from '@app/contracts';
import type { ClassItem } from '@app/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  ClassInfoFields,
  classInfoSchema,
  withTermOrder,
  type ClassInfoRules,
} from './class-info-fields';
import { checkClassCreation } from './class-logic';
import { termDefaults } from './class-term';
import { carryOver } from './api/carry-over';
import { createClass, type ClassPayload } from './api/create-class';
import {
  createContent,
  createSyllabus,
  getContent,
  getContents,
  getSyllabus,
} from '@/features/course-material';
import { classKeys } from '@/lib/api/get-classes';
import { SHELL_SUMMARY_KEY } from '@/lib/query-keys';

export const COPY_TEXT = {
  failed: 'Failed to copy class. Please check the console for details.',
  defaultError: 'Failed to create class copy',
  students: 'Expected students must be a whole number from 1 to 10000',
} as const;

/** SPEC §5: five years, from last year to three years ahead. */
export function copyYearOptions(now = new Date()): number[] {
  const year = now.getFullYear();
  return [year - 1, year, year + 1, year + 2, year + 3];
}

/** Copy Class's fields (SPEC §5): expected students 1 to 10000 or none, a semester or none. */
const COPY_CLASS_RULES: Omit<ClassInfoRules, 'years'> = {
  nameLabel: 'Class Name',
  students: { min: 1, max: 10_000, message: COPY_TEXT.students },
  studentsLabelOptional: true,
  semesterOptional: true,
};

const copySchema = withTermOrder(
  classInfoSchema(COPY_CLASS_RULES).extend({
    copySyllabus: z.boolean(),
    copyAdditional: z.boolean(),
  }),
);
type CopyValues = z.input<typeof copySchema>;

/**
 * The original's fields, named "… - Copy", this year with its semester's usual term, in the
 * original's time zone, copying everything.
 */
function defaults(item: ClassItem): CopyValues {
  const year = String(new Date().getFullYear());
  const term = termDefaults(item.semester, year);
  return {
    class_name: `${item.class_name} - Copy`,
    course_code: item.course_code ?? '',
    school: item.school ?? '',
    department: item.department ?? '',
    semester: item.semester ?? '',
    year,
    student_size: item.student_size === null ? '' : String(item.student_size),
    description: item.description ?? '',
    term_start: term?.start ?? '',
    term_end: term?.end ?? '',
    time_zone: item.time_zone,
    copySyllabus: true,
    copyAdditional: true,
  };
}

/**
 * SPEC §4 copy class flow: create the class, then optionally copy the syllabus, then each
 * additional item; with the syllabus, the teacher's work on the class comes along (corrections,
 * added and hidden facts, teacher answers, checked answers). A failed copy step is only logged.
 * Returns the new class.
 */
export async function copyClass(
  source: ClassItem,
  payload: ClassPayload,
  options: { copySyllabus: boolean; copyAdditional: boolean },
): Promise<ClassItem> {
  const created = await createClass(payload);
  if (options.copySyllabus) {
    try {
      const { content } = await getSyllabus(source.id);
      // a syllabus still being read (or unreadable) has no text to copy
      if (content.status !== 'ready') throw new Error(`The syllabus is ${content.status}`);
      await createSyllabus({
        class_id: created.id,
        title: content.title,
        content: content.content ?? '',
      });
    } catch (error) {
      console.error('Copying the syllabus failed', error);
    }
  }
  if (options.copyAdditional) {
    let items: { id: string; content_type: string }[] = [];
    try {
      items = (await getContents(source.id)).contents.filter(
        // only content that has been read has text to copy
        (c) => c.content_type !== 'syllabus' && c.status === 'ready',
      );
    } catch (error) {
      console.error('Listing the content to copy failed', error);
    }
    for (const item of items) {
      try {
        const { content } = await getContent(item.id);
        await createContent({
          class_id: created.id,
          title: content.title,
          content: content.content ?? '',
          content_type: content.content_type,
          display_order: content.display_order,
        });
      } catch (error) {
        console.error(`Copying content ${item.id} failed`, error);
      }
    }
  }
  if (options.copySyllabus) {
    try {
      await carryOver(created.id, {
        from_class_id: source.id,
        copy_additional: options.copyAdditional,
      });
    } catch (error) {
      console.error("Copying the teacher's corrections and answers failed", error);
    }
  }
  return created;
}

export function CopyClassModal({
  classItem,
  onOpenChange,
}: {
  classItem: ClassItem | null;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={classItem !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        {classItem ? (
          <CopyBody key={classItem.id} classItem={classItem} onClose={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CopyBody({ classItem, onClose }: { classItem: ClassItem; onClose(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<CopyValues, unknown, z.output<typeof copySchema>>({
    resolver: zodResolver(copySchema),
    defaultValues: defaults(classItem),
    // a message stays until the next submit (or its field is edited), focus stays put
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ copySyllabus, copyAdditional, ...payload }) => {
    try {
      if (!(await checkClassCreation({ semester: payload.semester, year: payload.year }))) return;
      await copyClass(classItem, payload, { copySyllabus, copyAdditional });
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
      void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
      onClose();
    } catch (error) {
      console.error(
        error instanceof Error && error.message ? error.message : COPY_TEXT.defaultError,
        error,
      );
      window.alert(COPY_TEXT.failed);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogHeader>
          <DialogTitle>Copy Class</DialogTitle>
          <DialogDescription>
            Start a new class from {classItem.class_name} with its course material.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          <ClassInfoFields rules={{ ...COPY_CLASS_RULES, years: copyYearOptions() }} />
          <fieldset className="space-y-2 rounded-lg border border-ink-200 p-4">
            <legend className="px-1 text-sm font-semibold text-ink-900">Course material</legend>
            <label className="flex items-center gap-3 text-sm text-ink-800">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                {...form.register('copySyllabus')}
              />
              Copy syllabus
            </label>
            <label className="flex items-center gap-3 text-sm text-ink-800">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                {...form.register('copyAdditional')}
              />
              Copy additional content
            </label>
          </fieldset>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Copy Class
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}
