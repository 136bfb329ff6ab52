import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, CreditCard, PartyPopper } from 'lucide-react';
import type { Pricing, User } from '@app/contracts';
import { NameFields } from '@/components/account/name-fields';
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
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { authApi } from '@/lib/auth-api';
import { authStore } from '@/lib/auth-store';
import { hardRedirect } from '@/lib/navigation';
import { DEPARTMENT_PLAN, TEACHER_PLAN, type Plan } from '@/lib/plans';
import { EMPTY_LOCAL_CARD, type LocalCardValues } from './payment/card-validation';
import { paymentErrorText } from '@/lib/payment-error';
import { PaymentStep } from './payment/payment-step';
import {
  postPaymentUrl,
  waitForSubscription,
  WELCOME_UPDATE_TIMEOUT_URL,
} from './payment/wait-for-subscription';
import { PASSWORD_HINT, signUpSchema, type SignUpValues } from './schemas';
import {
  createTrialSubscription,
  type CreateTrialPayload,
  type TrialSubscription,
} from './api/create-trial-subscription';
import { usePaymentSetup } from './api/get-payment-setup';
import { usePricing } from './api/get-pricing';

interface SignUpModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSwitchToSignIn?: () => void;
}

type Step = 'auth' | 'pricing' | 'payment' | 'processing' | 'success';

/** SPEC §4 "After payment": the success view shows for 1 s before the redirect. */
const SUCCESS_REDIRECT_DELAY_MS = 1000;

/** The step a signed-in user resumes at (SPEC §4: saved step, default pricing). */
function resumeStep(signedIn: boolean): Step {
  if (!signedIn) return 'auth';
  return authStore.getSignupStep() ?? 'pricing';
}

const TITLES: Record<Step, string> = {
  auth: 'Create your account',
  pricing: 'Choose your plan',
  payment: 'Start your free trial',
  processing: 'Setting up your trial',
  success: "You're all set",
};

/** Fetches the profile and stores it (not in context: the gate must keep this modal mounted). */
async function fetchAndStoreUser(): Promise<User> {
  const fresh = await authApi.profile();
  authStore.setUser(fresh);
  return fresh;
}

/** Sign-up flow (SPEC §2/§4): auth → pricing → payment → processing → success → /dashboard. */
export function SignUpModal({ open, onOpenChange, onSwitchToSignIn }: SignUpModalProps) {
  const { user } = useAuth();
  const [step, setStep] = useState<Step>(() => resumeStep(user !== null));
  const [paymentError, setPaymentError] = useState<string | null>(null);
  // prefilled with the account's e-mail, also when a returning teacher resumes at the payment step
  const [cardValues, setCardValues] = useState<LocalCardValues>(() => ({
    ...EMPTY_LOCAL_CARD,
    billing_email: user?.email ?? '',
  }));
  const signedIn = user !== null;
  const pricing = usePricing(signedIn && step === 'pricing');
  const setup = usePaymentSetup(signedIn && (step === 'pricing' || step === 'payment'));
  const busy = step === 'processing' || step === 'success';

  const goTo = (next: 'pricing' | 'payment') => {
    authStore.setSignupStep(next);
    setPaymentError(null);
    if (next === 'payment' && !cardValues.billing_email && user) {
      setCardValues((values) => ({ ...values, billing_email: user.email }));
    }
    setStep(next);
  };

  const pay = async (payload: CreateTrialPayload, values: LocalCardValues) => {
    setCardValues(values);
    setPaymentError(null);
    setStep('processing');
    let subscription: TrialSubscription;
    try {
      subscription = await createTrialSubscription(payload);
    } catch (error) {
      setPaymentError(paymentErrorText(error));
      setStep('payment');
      return;
    }
    let url: string;
    try {
      const outcome = await waitForSubscription({
        subscriptionId: subscription.id,
        fetchUser: fetchAndStoreUser,
      });
      url = postPaymentUrl(outcome);
      if (outcome === 'confirmed') {
        setStep('success');
        await new Promise((resolve) => setTimeout(resolve, SUCCESS_REDIRECT_DELAY_MS));
      }
    } catch (error) {
      console.warn('Finishing sign-up failed', error);
      url = WELCOME_UPDATE_TIMEOUT_URL;
    }
    authStore.clearSignupStep();
    authStore.clearNewSignup();
    hardRedirect(url);
  };

  const size = step === 'pricing' ? 'lg' : step === 'payment' || step === 'auth' ? 'md' : 'sm';

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent
        size={size}
        hideClose={busy}
        onEscapeKeyDown={(event) => (busy ? event.preventDefault() : undefined)}
        onInteractOutside={(event) => (busy ? event.preventDefault() : undefined)}
      >
        {step === 'auth' ? (
          <AuthStep onRegistered={() => goTo('pricing')} onSwitchToSignIn={onSwitchToSignIn} />
        ) : step === 'pricing' ? (
          <PricingStep
            firstName={user?.first_name}
            pricing={pricing.data}
            onStartTrial={() => goTo('payment')}
          />
        ) : step === 'payment' ? (
          <>
            <DialogHeader>
              <StepIndicator current={3} />
              <DialogTitle>{TITLES.payment}</DialogTitle>
              <DialogDescription>
                Add a card to start your free trial. You can cancel any time before it ends.
              </DialogDescription>
            </DialogHeader>
            <PaymentStep
              setup={setup.data}
              setupFailed={setup.isError}
              onRetrySetup={() => void setup.refetch()}
              error={paymentError}
              values={cardValues}
              onBack={() => goTo('pricing')}
              onPay={(payload, values) => void pay(payload, values)}
            />
          </>
        ) : (
          <ProgressView step={step} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Processing (payment sent, waiting for the account to update) and success. */
function ProgressView({ step }: { step: 'processing' | 'success' }) {
  const done = step === 'success';
  return (
    <div className="flex flex-col items-center py-4 text-center" aria-live="polite">
      <span
        className={
          done
            ? 'mb-5 flex size-16 items-center justify-center rounded-full bg-success-50 text-success-600 ring-8 ring-success-50/60'
            : 'mb-5 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/60'
        }
      >
        {done ? (
          <PartyPopper className="size-8" aria-hidden="true" />
        ) : (
          <Spinner size="lg" label={null} />
        )}
      </span>
      <DialogTitle>{TITLES[step]}</DialogTitle>
      <DialogDescription className="mt-2 max-w-xs">
        {done
          ? 'Your free trial has started. Taking you to your dashboard…'
          : 'Confirming your card and activating your account. This only takes a moment.'}
      </DialogDescription>
      {done ? null : <p className="mt-4 text-xs text-ink-600">Please keep this window open.</p>}
    </div>
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
        <DialogTitle>{TITLES.auth}</DialogTitle>
        <DialogDescription>
          Set up your teacher account, then choose a plan for this semester.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <NameFields
          firstName={form.register('first_name')}
          lastName={form.register('last_name')}
          firstNameError={errors.first_name?.message}
          lastNameError={errors.last_name?.message}
          autoFocus
        />
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

/** The Teacher plan with the server's numbers; the constants until they arrive. */
function teacherPlan(pricing: Pricing | undefined): Plan {
  const plan = pricing?.plans.find((p) => p.id === 'single');
  if (!plan) return TEACHER_PLAN;
  return {
    ...TEACHER_PLAN,
    name: plan.name,
    price: plan.price,
    summary: `Everything one instructor needs. Start with a ${plan.trial_days}-day free trial.`,
    features: plan.features.length > 0 ? plan.features : TEACHER_PLAN.features,
  };
}

/** The Department plan is always "coming soon" (SPEC §1); only its price comes from the server. */
function departmentPlan(pricing: Pricing | undefined): Plan {
  const plan = pricing?.plans.find((p) => p.id === 'department');
  return plan ? { ...DEPARTMENT_PLAN, price: plan.price, comingSoon: true } : DEPARTMENT_PLAN;
}

function PricingStep({
  firstName,
  pricing,
  onStartTrial,
}: {
  firstName?: string;
  pricing: Pricing | undefined;
  onStartTrial(): void;
}) {
  return (
    <>
      <DialogHeader>
        <StepIndicator current={2} />
        <DialogTitle>{TITLES.pricing}</DialogTitle>
        <DialogDescription>
          {firstName ? `Your account is ready, ${firstName}. ` : 'Your account is ready. '}
          Pick the plan that fits your teaching this semester.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 md:grid-cols-2">
        <PlanCard
          plan={teacherPlan(pricing)}
          highlighted
          compact
          action={
            <Button className="w-full" onClick={onStartTrial}>
              <CreditCard aria-hidden="true" />
              Start Free Trial
            </Button>
          }
        />
        <PlanCard plan={departmentPlan(pricing)} compact />
      </div>
      <p className="mt-5 text-center text-xs text-ink-600">
        No charge today. Cancel any time during your trial from My Account.
      </p>
    </>
  );
}

function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
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
