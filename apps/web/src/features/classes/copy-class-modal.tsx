import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SEMESTERS, type ClassItem, type Semester } from '@app/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { SHELL_SUMMARY_KEY } from '@/lib/billing-api';
import { classKeys, classesApi, type ClassPayload } from '@/lib/classes-api';
import { checkClassCreation, orNull } from './class-logic';

export const COPY_TEXT = {
  failed: 'Failed to copy class. Please check the console for details.',
  defaultError: 'Failed to create class copy',
  nameRequired: 'Class name is required',
  students: 'Expected students must be a whole number from 1 to 10000',
} as const;

/** SPEC §5: five years, from last year to three years ahead. */
export function copyYearOptions(now = new Date()): number[] {
  const year = now.getFullYear();
  return [year - 1, year, year + 1, year + 2, year + 3];
}

interface CopyForm {
  class_name: string;
  course_code: string;
  school: string;
  department: string;
  semester: Semester | '';
  year: string;
  student_size: string;
  description: string;
  copySyllabus: boolean;
  copyAdditional: boolean;
}

function defaults(item: ClassItem): CopyForm {
  return {
    class_name: `${item.class_name} - Copy`,
    course_code: item.course_code ?? '',
    school: item.school ?? '',
    department: item.department ?? '',
    semester: item.semester ?? '',
    year: String(new Date().getFullYear()),
    student_size: item.student_size === null ? '' : String(item.student_size),
    description: item.description ?? '',
    copySyllabus: true,
    copyAdditional: true,
  };
}

/**
 * SPEC §4 copy class flow: create the class, then optionally copy the syllabus, then each
 * additional item. A failed copy step is only logged. Returns the new class.
 */
export async function copyClass(
  source: ClassItem,
  payload: ClassPayload,
  options: { copySyllabus: boolean; copyAdditional: boolean },
): Promise<ClassItem> {
  const created = await classesApi.create(payload);
  if (options.copySyllabus) {
    try {
      const { content } = await classesApi.getSyllabus(source.id);
      // a syllabus still being read (or unreadable) has no text to copy
      if (content.status !== 'ready') throw new Error(`The syllabus is ${content.status}`);
      await classesApi.createSyllabus({
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
      items = (await classesApi.listContent(source.id)).contents.filter(
        // only content that has been read has text to copy
        (c) => c.content_type !== 'syllabus' && c.status === 'ready',
      );
    } catch (error) {
      console.error('Listing the content to copy failed', error);
    }
    for (const item of items) {
      try {
        const { content } = await classesApi.getContent(item.id);
        await classesApi.createContent({
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
  const [form, setForm] = useState<CopyForm>(() => defaults(classItem));
  const [errors, setErrors] = useState<{ class_name?: string; student_size?: string }>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof CopyForm>(key: K, value: CopyForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key === 'class_name' || key === 'student_size')
      setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!form.class_name.trim()) next.class_name = COPY_TEXT.nameRequired;
    const raw = form.student_size.trim();
    const students = raw === '' ? null : Number(raw);
    if (students !== null && (!Number.isInteger(students) || students < 1 || students > 10_000)) {
      next.student_size = COPY_TEXT.students;
    }
    setErrors(next);
    if (Object.keys(next).length) return;

    setBusy(true);
    try {
      if (!(await checkClassCreation())) return;
      const payload: ClassPayload = {
        class_name: form.class_name.trim(),
        course_code: orNull(form.course_code),
        school: orNull(form.school),
        department: orNull(form.department),
        semester: form.semester || null,
        year: Number(form.year),
        student_size: students,
        description: orNull(form.description),
      };
      await copyClass(classItem, payload, form);
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
      void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
      onClose();
    } catch (error) {
      console.error(
        error instanceof Error && error.message ? error.message : COPY_TEXT.defaultError,
        error,
      );
      window.alert(COPY_TEXT.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <DialogHeader>
        <DialogTitle>Copy Class</DialogTitle>
        <DialogDescription>
          Start a new class from {classItem.class_name} with its course material.
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-4">
        <Field label="Class Name" error={errors.class_name}>
          <Input
            value={form.class_name}
            onChange={(e) => set('class_name', e.target.value)}
            maxLength={200}
            aria-required
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Course code" optional>
            <Input
              value={form.course_code}
              onChange={(e) => set('course_code', e.target.value)}
              maxLength={50}
            />
          </Field>
          <Field label="Expected students" optional error={errors.student_size}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={10_000}
              value={form.student_size}
              onChange={(e) => set('student_size', e.target.value)}
            />
          </Field>
          <Field label="School" optional>
            <Input
              value={form.school}
              onChange={(e) => set('school', e.target.value)}
              maxLength={200}
            />
          </Field>
          <Field label="Department" optional>
            <Input
              value={form.department}
              onChange={(e) => set('department', e.target.value)}
              maxLength={200}
            />
          </Field>
          <Field label="Semester">
            <Select
              value={form.semester}
              onChange={(e) => set('semester', e.target.value as Semester | '')}
            >
              <option value="">No semester</option>
              {SEMESTERS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Year">
            <Select value={form.year} onChange={(e) => set('year', e.target.value)}>
              {copyYearOptions().map((y) => (
                <option key={y} value={String(y)}>
                  {y}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field label="Description" optional>
          <Textarea
            rows={2}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            maxLength={2000}
          />
        </Field>
        <fieldset className="space-y-2 rounded-lg border border-ink-200 p-4">
          <legend className="px-1 text-sm font-semibold text-ink-900">Course material</legend>
          <label className="flex items-center gap-3 text-sm text-ink-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={form.copySyllabus}
              onChange={(e) => set('copySyllabus', e.target.checked)}
            />
            Copy syllabus
          </label>
          <label className="flex items-center gap-3 text-sm text-ink-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={form.copyAdditional}
              onChange={(e) => set('copyAdditional', e.target.checked)}
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
  );
}
