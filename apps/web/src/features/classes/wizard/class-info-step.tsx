import type { Dispatch } from 'react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import { ClassInfoFields, type ClassInfoValues } from '../class-info-fields';
import { SyllabusFields } from './syllabus-fields';
import { WIZARD_CLASS_RULES } from './wizard-rules';
import type { WizardAction, WizardState } from './wizard-state';
import type { ClassPayload } from '../api/create-class';

/** Step 1: the class information and the syllabus. */
export function ClassInfoStep({
  form,
  state,
  dispatch,
}: {
  form: UseFormReturn<ClassInfoValues, unknown, ClassPayload>;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}) {
  return (
    <div className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold text-ink-900">Class information</legend>
        <FormProvider {...form}>
          <ClassInfoFields rules={WIZARD_CLASS_RULES} />
        </FormProvider>
      </fieldset>
      <SyllabusFields syllabus={state.syllabus} busy={state.busy} dispatch={dispatch} />
    </div>
  );
}
