import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, CreditCard } from 'lucide-react';
import { PlanCard } from '@/components/pricing/plan-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { authStore } from '@/lib/auth-store';
import { DEPARTMENT_PLAN, TEACHER_PLAN } from '@/lib/plans';
import { PASSWORD_HINT, signUpSchema, type SignUpValues } from './schemas';

export interface SignUpModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSwitchToSignIn?: () => void;
}

type Step = 'auth' | 'pricing';

/** The step a signed-in user resumes at (SPEC §4: saved step, default pricing). */
function resumeStep(signedIn: boolean): Step {
  // The payment step arrives with billing; until then a saved 'payment' step resumes at pricing too.
  return signedIn ? 'pricing' : 'auth';
}

/** Sign-up flow: auth, then pricing (payment, processing and success arrive with billing). */
export function SignUpModal({ open, onOpenChange, onSwitchToSignIn }: SignUpModalProps) {
  const { user } = useAuth();
  const [step, setStep] = useState<Step>(() => resumeStep(user !== null));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size={step === 'pricing' ? 'lg' : 'md'}>
        {step === 'auth' ? (
          <AuthStep
            onRegistered={() => {
              authStore.setSignupStep('pricing');
              setStep('pricing');
            }}
            onSwitchToSignIn={onSwitchToSignIn}
          />
        ) : (
          <PricingStep firstName={user?.first_name} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AuthStep({
  onRegistered,
  onSwitchToSignIn,
}: {
  onRegistered(): void;
  onSwitchToSignIn?: () => void;
}) {
  const { register: registerAccount } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { first_name: '', last_name: '', email: '', password: '', institution: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await registerAccount({
        email: values.email,
        password: values.password,
        first_name: values.first_name,
        last_name: values.last_name,
        institution: values.institution || null,
      });
      onRegistered();
    } catch (err) {
      setError(errorText(err, 'Registration failed'));
    }
  });

  return (
    <>
      <DialogHeader>
        <StepIndicator current={1} />
        <DialogTitle>Create your account</DialogTitle>
        <DialogDescription>
          Set up your teacher account, then choose a plan for this semester.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" error={errors.first_name?.message}>
            <Input autoComplete="given-name" autoFocus {...form.register('first_name')} />
          </Field>
          <Field label="Last name" error={errors.last_name?.message}>
            <Input autoComplete="family-name" {...form.register('last_name')} />
          </Field>
        </div>
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <Field label="Password" hint={PASSWORD_HINT} error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label="Institution" optional error={errors.institution?.message}>
          <Input
            autoComplete="organization"
            placeholder="e.g. State University"
            {...form.register('institution')}
          />
        </Field>
        <p className="flex items-start gap-2 rounded-lg bg-ink-50 p-3 text-sm text-ink-700">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success-600" aria-hidden="true" />
          <span>
            By creating an account you accept the{' '}
            <Link
              to="/terms"
              target="_blank"
              rel="noopener"
              className="font-semibold text-brand-700 underline"
            >
              Terms of Service
            </Link>
            .
          </span>
        </p>
        <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
          Create account
        </Button>
      </form>
      {onSwitchToSignIn ? (
        <p className="mt-6 text-center text-sm text-ink-600">
          Already have an account?{' '}
          <button
            type="button"
            onClick={onSwitchToSignIn}
            className="rounded font-semibold text-brand-700 hover:underline"
          >
            Sign in
          </button>
        </p>
      ) : null}
    </>
  );
}

function PricingStep({ firstName }: { firstName?: string }) {
  return (
    <>
      <DialogHeader>
        <StepIndicator current={2} />
        <DialogTitle>Choose your plan</DialogTitle>
        <DialogDescription>
          {firstName ? `Your account is ready, ${firstName}. ` : 'Your account is ready. '}
          Pick the plan that fits your teaching this semester.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 md:grid-cols-2">
        <PlanCard
          plan={TEACHER_PLAN}
          highlighted
          compact
          action={
            <Button className="w-full" disabled aria-describedby="payment-setup-note">
              <CreditCard aria-hidden="true" />
              Start free trial
            </Button>
          }
        />
        <PlanCard plan={DEPARTMENT_PLAN} compact />
      </div>
      <Alert
        id="payment-setup-note"
        variant="info"
        title="Payment setup is on its way"
        className="mt-5"
      >
        Card setup for the free trial arrives in an upcoming release. Your account is saved: sign in
        again later to pick up right here, at the plan step.
      </Alert>
    </>
  );
}

function StepIndicator({ current }: { current: 1 | 2 }) {
  const steps = ['Account', 'Plan', 'Payment'];
  return (
    <ol className="mb-3 flex items-center gap-2 text-xs font-medium" aria-label="Sign-up progress">
      {steps.map((label, index) => {
        const number = index + 1;
        const state = number < current ? 'done' : number === current ? 'current' : 'todo';
        return (
          <li
            key={label}
            className="flex items-center gap-2"
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span
              className={
                state === 'todo'
                  ? 'flex size-5 items-center justify-center rounded-full bg-ink-100 text-ink-600'
                  : 'flex size-5 items-center justify-center rounded-full bg-brand-600 text-white'
              }
            >
              {number}
            </span>
            <span className={state === 'todo' ? 'text-ink-600' : 'text-ink-900'}>{label}</span>
            {number < steps.length ? (
              <span className="h-px w-4 bg-ink-300" aria-hidden="true" />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
