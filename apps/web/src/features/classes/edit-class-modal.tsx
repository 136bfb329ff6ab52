import { useRef, useState } from 'react';
import { FormProvider, useForm, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ClassItem, z } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ApiError, errorText } from '@/lib/api-client';
import { classKeys, type ClassList } from '@/lib/api/get-classes';
import { SHELL_SUMMARY_KEY } from '@/lib/query-keys';
import {
  ClassInfoFields,
  classInfoSchema,
  withTermOrder,
  type ClassInfoRules,
  type ClassInfoValues,
} from './class-info-fields';
import { copyYearOptions } from './copy-class-modal';
import { updateClass } from './api/update-class';

export const EDIT_TEXT = {
  failed: 'Failed to update class information',
  saved: (name: string) => `${name} saved`,
  students: 'Expected students must be a whole number from 1 to 10000',
} as const;

/** Edit Class's fields: as Copy Class's, expected students 1 to 10000 or none, a semester or none. */
const EDIT_CLASS_RULES: Omit<ClassInfoRules, 'years'> = {
  nameLabel: 'Class name',
  students: { min: 1, max: 10_000, message: EDIT_TEXT.students },
  studentsLabelOptional: true,
  semesterOptional: true,
};

const editSchema = withTermOrder(classInfoSchema(EDIT_CLASS_RULES));
type EditPayload = z.output<typeof editSchema>;

/** The years a class may be set to: Copy Class's five, and the class's own. */
export function editYearOptions(item: ClassItem, now = new Date()): number[] {
  const years = copyYearOptions(now);
  if (item.year !== null && !years.includes(item.year)) years.push(item.year);
  return years.sort((a, b) => a - b);
}

/** The class's fields as the form holds them. */
function valuesOf(item: ClassItem): ClassInfoValues {
  return {
    class_name: item.class_name,
    course_code: item.course_code ?? '',
    school: item.school ?? '',
    department: item.department ?? '',
    semester: item.semester ?? '',
    year: String(item.year ?? new Date().getFullYear()),
    student_size: item.student_size === null ? '' : String(item.student_size),
    description: item.description ?? '',
    term_start: item.term_start ?? '',
    term_end: item.term_end ?? '',
    time_zone: item.time_zone,
  };
}

const FORM_FIELDS = new Set<string>([
  'class_name',
  'course_code',
  'school',
  'department',
  'semester',
  'year',
  'student_size',
  'description',
  'term_start',
  'term_end',
  'time_zone',
]);

/**
 * A 422 from the server puts each message under its field (`loc` ends with the field's name);
 * true when every message found its field.
 */
function showFieldErrors(error: unknown, setError: UseFormSetError<ClassInfoValues>): boolean {
  if (!(error instanceof ApiError) || !Array.isArray(error.detail)) return false;
  let all = error.detail.length > 0;
  for (const issue of error.detail as { loc?: unknown; msg?: unknown }[]) {
    const field = Array.isArray(issue.loc)
      ? issue.loc.find((part) => FORM_FIELDS.has(String(part)))
      : undefined;
    if (field === undefined || typeof issue.msg !== 'string') {
      all = false;
      continue;
    }
    setError(field as keyof ClassInfoValues, { message: issue.msg });
  }
  return all;
}

/**
 * Edit Class (issue 30), from a class card's menu: the class's fields, its term and time zone,
 * saved with PUT /classes/{id}. Focus goes back to `returnFocus` (the card's menu button) when it
 * closes.
 */
export function EditClassModal({
  classItem,
  returnFocus,
  onOpenChange,
}: {
  classItem: ClassItem | null;
  returnFocus?: HTMLElement | null;
  onOpenChange(open: boolean): void;
}) {
  // kept past the close: the dialog gives focus back once it has gone, after its class
  const focusTarget = useRef<HTMLElement | null>(null);
  if (returnFocus) focusTarget.current = returnFocus;
  return (
    <Dialog open={classItem !== null} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        onCloseAutoFocus={(event) => {
          const target = focusTarget.current;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        {classItem ? (
          <EditBody key={classItem.id} classItem={classItem} onClose={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditBody({ classItem, onClose }: { classItem: ClassItem; onClose(): void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ClassInfoValues, unknown, EditPayload>({
    resolver: zodResolver(editSchema),
    defaultValues: valuesOf(classItem),
    // a message stays until the next submit (or its field is edited), focus stays put
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (payload) => {
    setFailure(null);
    try {
      const updated = await updateClass(classItem.id, payload);
      queryClient.setQueryData<ClassList>(classKeys.list, (old) =>
        old
          ? { ...old, classes: old.classes.map((c) => (c.id === updated.id ? updated : c)) }
          : old,
      );
      // the class's dates follow its term and time zone
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
      void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
      toast.success(EDIT_TEXT.saved(updated.class_name));
      onClose();
    } catch (error) {
      if (!showFieldErrors(error, form.setError)) setFailure(errorText(error, EDIT_TEXT.failed));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogHeader>
          <DialogTitle>Edit class</DialogTitle>
          <DialogDescription>
            Changes to {classItem.class_name} apply at once, in its chat too.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          <ClassInfoFields rules={{ ...EDIT_CLASS_RULES, years: editYearOptions(classItem) }} />
          {failure ? <Alert variant="danger">{failure}</Alert> : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save changes
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}
