import { useMemo, type ChangeEvent, type ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { z } from '@app/contracts';
import {
  DATE_MESSAGES,
  SEMESTERS,
  classInputSchema,
  isoDateSchema,
  timeZoneSchema,
  type Semester,
} from '@app/contracts';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { timeZoneLabel, timeZoneOptions } from '@/lib/dates';
import { orNull } from './class-logic';
import { termDefaults } from './class-term';

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
  /** the term's first and last day, YYYY-MM-DD ('' when not known) */
  term_start: string;
  term_end: string;
  /** an IANA time zone */
  time_zone: string;
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

/** A term's day: YYYY-MM-DD, or null when left empty (the server then assumes the semester's). */
const termDay = z
  .string()
  .trim()
  .refine((day) => day === '' || isoDateSchema.safeParse(day).success, DATE_MESSAGES.badDate)
  .transform((day) => day || null);

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
    term_start: termDay,
    term_end: termDay,
    time_zone: z
      .string()
      .trim()
      .refine((zone) => zone === '' || timeZoneSchema.safeParse(zone).success, {
        message: DATE_MESSAGES.badTimeZone,
      })
      .transform((zone) => zone || null),
  });
}

/**
 * The class fields' rule across fields, once the form's schema is complete (a refined object
 * cannot be extended): the term ends on or after the day it starts (DATE_MESSAGES.termOrder,
 * shown under "Term ends").
 */
export function withTermOrder<
  T extends z.ZodType<{ term_start: string | null; term_end: string | null }>,
>(schema: T) {
  return schema.superRefine((values, ctx) => {
    if (values.term_start && values.term_end && values.term_end < values.term_start) {
      ctx.addIssue({ code: 'custom', path: ['term_end'], message: DATE_MESSAGES.termOrder });
    }
  });
}

/**
 * Class name, course code, expected students, school, department, semester, year, the term's
 * days, the time zone and description, for a react-hook-form form (inside its FormProvider)
 * holding ClassInfoValues. A message stays until the next submit, unless its field is edited.
 * The term follows the semester and year (`termDefaults`) until the teacher changes a day.
 */
export function ClassInfoFields({ rules }: { rules: ClassInfoRules }) {
  const { register, clearErrors, formState, getValues, setValue } =
    useFormContext<ClassInfoValues>();
  const { errors } = formState;
  const checked = (name: 'class_name' | 'student_size' | 'term_start' | 'term_end') =>
    register(name, {
      // the order's message sits under "Term ends", whichever day is changed
      onChange: () => clearErrors(name === 'term_start' ? ['term_start', 'term_end'] : name),
    });

  /** A new semester or year moves each day of the term the teacher has not changed. */
  function followTerm(change: { semester?: Semester | ''; year?: string }) {
    const before = termDefaults(getValues('semester'), getValues('year'));
    const after = termDefaults(
      change.semester ?? getValues('semester'),
      change.year ?? getValues('year'),
    );
    for (const [name, end] of [
      ['term_start', 'start'],
      ['term_end', 'end'],
    ] as const) {
      const current = getValues(name);
      if (current === '' || current === before?.[end]) {
        setValue(name, after?.[end] ?? '', { shouldDirty: true });
        clearErrors(name);
      }
    }
  }

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
        <ChoiceField
          name="semester"
          label="Semester"
          onChoose={(value) => followTerm({ semester: value as Semester | '' })}
        >
          {rules.semesterOptional ? <option value="">No semester</option> : null}
          {SEMESTERS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </ChoiceField>
        <ChoiceField name="year" label="Year" onChoose={(value) => followTerm({ year: value })}>
          {rules.years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </ChoiceField>
        <Field label="Term starts" optional error={errors.term_start?.message}>
          <Input type="date" min="2000-01-01" max="2100-12-31" {...checked('term_start')} />
        </Field>
        <Field label="Term ends" optional error={errors.term_end?.message}>
          <Input type="date" min="2000-01-01" max="2100-12-31" {...checked('term_end')} />
        </Field>
        <TimeZoneField className="sm:col-span-2" />
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
  hint,
  className,
  onChoose,
  children,
}: {
  name: 'semester' | 'year' | 'time_zone';
  label: string;
  hint?: ReactNode;
  className?: string;
  /** before the form takes the value chosen */
  onChoose?(value: string): void;
  children: ReactNode;
}) {
  const { field, fieldState } = useController<ClassInfoValues, typeof name>({ name });
  return (
    <Field label={label} hint={hint} error={fieldState.error?.message} className={className}>
      <Select
        {...field}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          onChoose?.(event.target.value);
          field.onChange(event);
        }}
      >
        {children}
      </Select>
    </Field>
  );
}

/**
 * The class's time zone: every zone the browser knows (a native select: typing "Am" moves to
 * America), the class's own always among them.
 */
function TimeZoneField({ className }: { className?: string }) {
  const { getValues } = useFormContext<ClassInfoValues>();
  const initial = getValues('time_zone');
  const zones = useMemo(() => timeZoneOptions(initial), [initial]);
  return (
    <ChoiceField
      name="time_zone"
      label="Time zone"
      hint="Students’ “today” and “this week” are counted in this time zone."
      className={className}
    >
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {timeZoneLabel(zone)}
        </option>
      ))}
    </ChoiceField>
  );
}
