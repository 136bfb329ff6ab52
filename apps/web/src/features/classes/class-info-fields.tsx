import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { z } from '@app/contracts';
import { SEMESTERS, classInputSchema, type Semester } from '@app/contracts';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { orNull } from './class-logic';

/** A class's fields as a form holds them: the text typed or the option chosen. */
export interface ClassInfoValues {
  class_name: string;
  course_code: string;
  school: string;
  department: string;
  /** '' is "No semester" (Copy Class only) */
  semester: Semester | '';
  year: string;
  student_size: string;
  description: string;
}

/** Where the create wizard and Copy Class differ (SPEC §5, §9). */
export interface ClassInfoRules {
  nameLabel: string;
  /** expected students: a whole number in this range, or left empty */
  students: { min: number; max: number; message: string };
  /** the expected-students label says "(optional)" */
  studentsLabelOptional: boolean;
  /** the semester may be left out ("No semester") */
  semesterOptional: boolean;
  years: readonly number[];
  placeholders?: { class_name?: string; course_code?: string };
}

const isWholeIn = (n: number, min: number, max: number) =>
  Number.isInteger(n) && n >= min && n <= max;

/** Optional text: trimmed, or null when empty. */
const optionalText = z.string().transform(orNull);

/**
 * The class fields of a form: the class name by the contract's rule (`classInputSchema`: it is
 * required), expected students a whole number in the form's range or empty. Parsing gives what
 * POST /classes takes, with empty optional fields as null.
 */
export function classInfoSchema({ students }: Pick<ClassInfoRules, 'students'>) {
  return z.object({
    class_name: classInputSchema.shape.class_name,
    course_code: optionalText,
    school: optionalText,
    department: optionalText,
    semester: z
      .enum(SEMESTERS)
      .or(z.literal(''))
      .transform((semester) => semester || null),
    year: z.string().transform((year) => Number.parseInt(year, 10)),
    student_size: z
      .string()
      .trim()
      .refine(
        (size) => size === '' || isWholeIn(Number(size), students.min, students.max),
        students.message,
      )
      .transform((size) => (size === '' ? null : Number(size))),
    description: optionalText,
  });
}

/**
 * Class name, course code, expected students, school, department, semester, year and
 * description, for a react-hook-form form (inside its FormProvider) holding ClassInfoValues.
 * A message stays until the next submit, unless its field is edited.
 */
export function ClassInfoFields({ rules }: { rules: ClassInfoRules }) {
  const { register, clearErrors, formState } = useFormContext<ClassInfoValues>();
  const { errors } = formState;
  const checked = (name: 'class_name' | 'student_size') =>
    register(name, { onChange: () => clearErrors(name) });

  return (
    <>
      <Field label={rules.nameLabel} error={errors.class_name?.message}>
        <Input
          maxLength={200}
          aria-required
          placeholder={rules.placeholders?.class_name}
          {...checked('class_name')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Course code" optional>
          <Input
            maxLength={50}
            placeholder={rules.placeholders?.course_code}
            {...register('course_code')}
          />
        </Field>
        <Field
          label="Expected students"
          optional={rules.studentsLabelOptional}
          error={errors.student_size?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={rules.students.min}
            max={rules.students.max}
            {...checked('student_size')}
          />
        </Field>
        <Field label="School" optional>
          <Input maxLength={200} {...register('school')} />
        </Field>
        <Field label="Department" optional>
          <Input maxLength={200} {...register('department')} />
        </Field>
        <ChoiceField name="semester" label="Semester">
          {rules.semesterOptional ? <option value="">No semester</option> : null}
          {SEMESTERS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </ChoiceField>
        <ChoiceField name="year" label="Year">
          {rules.years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </ChoiceField>
      </div>
      <Field label="Description" optional>
        <Textarea rows={2} maxLength={2000} {...register('description')} />
      </Field>
    </>
  );
}

/** A select whose value the form holds (a controlled select shows its default everywhere). */
function ChoiceField({
  name,
  label,
  children,
}: {
  name: 'semester' | 'year';
  label: string;
  children: ReactNode;
}) {
  const { field } = useController<ClassInfoValues, typeof name>({ name });
  return (
    <Field label={label}>
      <Select {...field}>{children}</Select>
    </Field>
  );
}
