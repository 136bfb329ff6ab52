import { useEffect, useReducer, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
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
import { useAuth } from '@/lib/auth';
import type { ClassInfoValues } from './class-info-fields';
import { AdditionalContentStep } from './wizard/additional-content-step';
import { ClassInfoStep } from './wizard/class-info-step';
import { TestingStep } from './wizard/testing-step';
import { openWizard, useWizardDraft } from './wizard/use-wizard-draft';
import { useWizardSubmit } from './wizard/use-wizard-submit';
import { useWizardUploads } from './wizard/use-wizard-uploads';
import { STEP_NAMES, wizardClassDefaults, wizardClassSchema } from './wizard/wizard-rules';
import { wizardReducer } from './wizard/wizard-state';
import { WizardStepper } from './wizard/wizard-stepper';
import type { ClassPayload } from './api/create-class';
import { deleteClass } from './api/delete-class';
import { classKeys } from '@/lib/api/get-classes';
import { SHELL_SUMMARY_KEY } from '@/lib/query-keys';

/**
 * SPEC §2 class creation wizard: class info and syllabus, additional content, then testing the
 * assistant. The state is one reducer (wizard/wizard-state.ts), kept as the teacher's draft
 * (wizard/use-wizard-draft.ts); each step is a component of its own.
 */
export function CreateClassWizard({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** where focus goes when it closes (an auto-opened wizard has no button to go back to) */
  onCloseAutoFocus?(event: Event): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        onInteractOutside={(event) => event.preventDefault()}
        onCloseAutoFocus={onCloseAutoFocus}
        className="sm:p-8"
      >
        {open ? <WizardBody onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function WizardBody({ onClose }: { onClose(): void }) {
  const queryClient = useQueryClient();
  const teacher = useAuth().user;
  const owner = teacher?.id ?? '';
  const [state, dispatch] = useReducer(
    wizardReducer,
    { owner, defaults: wizardClassDefaults(teacher) },
    openWizard,
  );
  const draft = useWizardDraft(state, owner);
  const form = useForm<ClassInfoValues, unknown, ClassPayload>({
    resolver: zodResolver(wizardClassSchema),
    defaultValues: state.classInfo,
    // a message stays until Next is pressed again (or its field is edited), focus stays put
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // the fields are edited in the form; the reducer (and so the draft) follows them
  useEffect(() => {
    const { unsubscribe } = form.watch(() =>
      dispatch({ type: 'classInfoEdited', classInfo: form.getValues() }),
    );
    return unsubscribe;
  }, [form]);
  // once the class is made (step 3), closing the wizard ends it: the next one starts a new class;
  // before, closing keeps what was typed (Escape or × move no focus, which would save it)
  const stepNow = useRef(state.step);
  stepNow.current = state.step;
  const { clear: clearDraft, save: saveDraft } = draft;
  useEffect(
    () => () => {
      if (stepNow.current === 3) clearDraft();
      else saveDraft();
    },
    [clearDraft, saveDraft],
  );
  const submit = useWizardSubmit(state, dispatch, form);
  const uploads = useWizardUploads(state.classId, dispatch);
  const { step, busy } = state;

  function finish() {
    draft.clear();
    void queryClient.invalidateQueries({ queryKey: classKeys.all });
    void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
    onClose();
  }

  function startOver() {
    // the draft class made by Next goes too: nobody will finish it
    if (state.classId && step < 3) void deleteClass(state.classId).catch(() => undefined);
    draft.clear();
    dispatch({ type: 'startedOver' });
    form.reset(state.defaults);
  }

  return (
    <div onBlur={draft.save}>
      <DialogHeader>
        <DialogTitle>Create New Class</DialogTitle>
        <DialogDescription>
          Step {step} of 3: {STEP_NAMES[step - 1]}
        </DialogDescription>
      </DialogHeader>
      <WizardStepper step={step} />

      {state.origin === 'restored' && step === 1 ? (
        <Alert variant="info" className="mb-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>We restored your unfinished class draft.</span>
            <Button variant="link" size="sm" onClick={startOver}>
              Start over
            </Button>
          </div>
        </Alert>
      ) : null}

      {step === 1 ? <ClassInfoStep form={form} state={state} dispatch={dispatch} /> : null}
      {step === 2 ? (
        <AdditionalContentStep
          classId={state.classId}
          syllabusSent={state.syllabus.sent !== null}
          uploads={state.uploads}
          entries={state.entries}
          dispatch={dispatch}
          onFiles={uploads.addFiles}
          onDismiss={(row) => void uploads.dismissUpload(row)}
        />
      ) : null}
      {step === 3 ? <TestingStep state={state} dispatch={dispatch} /> : null}

      {state.formError ? (
        <Alert variant="danger" className="mt-5">
          {state.formError}
        </Alert>
      ) : null}

      <DialogFooter className="sm:justify-between">
        {step === 2 ? (
          <Button
            variant="outline"
            onClick={() => dispatch({ type: 'stepChanged', step: 1 })}
            disabled={busy}
          >
            Back
          </Button>
        ) : (
          <Button
            variant="ghost"
            onClick={onClose}
            // while the syllabus is read the wizard may close; the server keeps reading it
            disabled={busy && state.syllabus.upload?.step !== 'processing'}
          >
            {step === 3 ? 'Close' : 'Cancel'}
          </Button>
        )}
        {step === 1 ? (
          <Button onClick={() => void submit.next()} loading={busy}>
            Next
          </Button>
        ) : null}
        {step === 2 ? (
          <Button onClick={() => void submit.create()} loading={busy}>
            Create Class
          </Button>
        ) : null}
        {step === 3 ? <Button onClick={finish}>Finish</Button> : null}
      </DialogFooter>
    </div>
  );
}
