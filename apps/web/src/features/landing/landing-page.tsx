import { lazy, Suspense, useEffect, useState, type ChangeEvent } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import {
  ArrowRight,
  BookOpenText,
  Clock3,
  FileUp,
  Link2,
  MessageCircleQuestion,
  Share2,
  Sparkles,
  UploadCloud,
} from 'lucide-react';
import { PublicFooter } from '@/components/layout/public-footer';
import { SkipLink } from '@/components/layout/skip-link';
import { PublicTopBar } from '@/components/layout/public-top-bar';
import { PlanCard } from '@/components/pricing/plan-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useAuthModals } from '@/lib/auth-modals';
import { authStore } from '@/lib/auth-store';
import {
  CONFIRM_EMAIL_TOKEN_PARAM,
  HOW_IT_WORKS_ID,
  NOT_ME_TOKEN_PARAM,
  RESET_TOKEN_PARAM,
} from '@/lib/constants';
import { DEPARTMENT_PLAN, TEACHER_PLAN } from '@/lib/plans';
import { afterLoadWhenIdle } from '@/lib/after-load';
import { useDocumentTitle } from '@/lib/use-document-title';

const FEATURES = [
  {
    icon: UploadCloud,
    title: 'Load Your Content',
    text: 'Upload your syllabus, sample work, due dates and other course materials. PDF, Word, Excel and text files all work.',
  },
  {
    icon: Share2,
    title: 'Share Your Link',
    text: 'Every class gets its own chat link. Post it in your course site; students ask questions without creating an account.',
  },
  {
    icon: Clock3,
    title: 'Save Hours',
    text: 'Stop answering the same logistics questions. Review conversations and reply only to the students who ask for you.',
  },
] as const;

const STEPS = [
  {
    icon: BookOpenText,
    title: 'Create a class',
    text: 'Add the class details and upload your syllabus, then any extra material your students need.',
  },
  {
    icon: Link2,
    title: 'Share the chat link',
    text: 'Students open the link and ask questions. Answers come from your material, with the source noted.',
  },
  {
    icon: MessageCircleQuestion,
    title: 'Stay in the loop',
    text: 'See what students ask, spot confusing topics and answer contact requests from one dashboard.',
  },
] as const;

const STATS = [
  { value: '3 hours', label: 'saved' },
  { value: '2+', label: 'teachers' },
  { value: '20', label: 'questions answered' },
  { value: '98%', label: 'accuracy' },
] as const;

// The trial (uploads, chat, its dialog) loads once the page has loaded, or on the first click.
const loadTrialDialog = () => import('./trial/trial-dialog');
const TrialDialog = lazy(async () => ({ default: (await loadTrialDialog()).TrialDialog }));

export function LandingPage() {
  const { user } = useAuth();
  const modals = useAuthModals();
  const [searchParams] = useSearchParams();
  const [trialOpen, setTrialOpen] = useState(false);
  // mounted from the first opening on: it keeps the trial's state between openings
  const [trialOpened, setTrialOpened] = useState(false);
  const [pickedFile, setPickedFile] = useState<File | null>(null);
  const resetToken = searchParams.get(RESET_TOKEN_PARAM);
  const confirmEmailToken = searchParams.get(CONFIRM_EMAIL_TOKEN_PARAM);
  const notMeToken = searchParams.get(NOT_ME_TOKEN_PARAM);
  const emailedLink = Boolean(resetToken || confirmEmailToken || notMeToken);
  const { hash } = useLocation();
  useDocumentTitle(undefined);

  useEffect(() => afterLoadWhenIdle(() => void loadTrialDialog().catch(() => undefined)), []);

  // Arriving from another page with /#how-it-works or /#about: scroll there once rendered.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);

  // The e-mailed links land here: the reset link opens "Set a new password", a new address's
  // link "Confirm your new e-mail address", an alert's "this wasn't me" link its view. Each drops
  // its token from the URL (it stays out of the history and of what the page could leak).
  useEffect(() => {
    if (resetToken) modals.openSetNewPassword(resetToken);
    else if (confirmEmailToken) modals.openAccountLink('confirm-email', confirmEmailToken);
    else if (notMeToken) modals.openAccountLink('not-me', notMeToken);
    else return;
    const url = new URL(window.location.href);
    for (const param of [RESET_TOKEN_PARAM, CONFIRM_EMAIL_TOKEN_PARAM, NOT_ME_TOKEN_PARAM])
      url.searchParams.delete(param);
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
  }, [resetToken, confirmEmailToken, notMeToken, modals]);

  if (user && !emailedLink && !authStore.isNewSignup()) return <Navigate to="/dashboard" replace />;

  const openTrial = (file: File | null) => {
    setPickedFile(file);
    setTrialOpened(true);
    setTrialOpen(true);
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) openTrial(file);
    event.target.value = '';
  };

  return (
    <div className="min-h-dvh bg-white">
      <SkipLink />
      <PublicTopBar onLanding />
      <main id="main">
        {/* Hero */}
        <section className="relative overflow-hidden border-b border-ink-200 bg-gradient-to-b from-brand-50 via-white to-white">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-40 right-[-10rem] size-[36rem] rounded-full bg-brand-200/40 blur-3xl"
          />
          <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_0.9fr] lg:py-24">
            <div>
              <Badge variant="brand" className="mb-5">
                <Sparkles aria-hidden="true" />
                AI teaching assistant for your course
              </Badge>
              <h1 className="text-4xl font-bold tracking-tight text-balance text-ink-900 sm:text-5xl lg:text-[3.4rem] lg:leading-[1.08]">
                Your syllabus, answering student questions around the clock
              </h1>
              <p className="mt-5 max-w-xl text-lg leading-relaxed text-ink-600">
                Upload your course material once. Students get instant answers grounded in what you
                actually teach, and you get your evenings back.
              </p>

              <div className="mt-8 max-w-xl rounded-2xl border border-ink-200 bg-white p-5 shadow-card sm:p-6">
                <label
                  htmlFor="trial-file"
                  className="flex items-center gap-2 text-sm font-semibold text-ink-900"
                >
                  <FileUp className="size-4 text-brand-600" aria-hidden="true" />
                  Try it with one of your documents
                </label>
                <p id="trial-file-hint" className="mt-1 text-sm text-ink-600">
                  PDF, DOCX or TXT up to 10 MB. No account needed.
                </p>
                <input
                  id="trial-file"
                  type="file"
                  accept=".pdf,.docx,.txt"
                  aria-describedby="trial-file-hint"
                  onChange={onFileChosen}
                  className="mt-3 block w-full cursor-pointer rounded-lg border border-dashed border-ink-300 bg-ink-50 p-2 text-sm text-ink-700 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 file:shadow-sm hover:border-brand-400"
                />
                <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                  <Button size="lg" className="sm:flex-1" onClick={() => openTrial(null)}>
                    Try Me
                    <ArrowRight aria-hidden="true" />
                  </Button>
                  <Button
                    size="lg"
                    variant="outline"
                    className="sm:flex-1"
                    onClick={() => modals.openSignUp()}
                  >
                    Sign Up
                  </Button>
                </div>
              </div>
            </div>

            <ChatPreview />
          </div>
        </section>

        {/* Features */}
        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              Why teachers use it
            </p>
            <h2
              id="features-title"
              className="mt-2 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl"
            >
              The answers are already in your syllabus
            </h2>
            <p className="mt-4 text-lg text-ink-600">
              Let your students find them, any hour of the day.
            </p>
          </div>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="rounded-2xl border border-ink-200 bg-white p-6 shadow-card sm:p-7"
              >
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-ink-900">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-ink-600">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        {/* How it works */}
        <section
          id={HOW_IT_WORKS_ID}
          tabIndex={-1}
          aria-labelledby="how-title"
          className="border-y border-ink-200 bg-ink-50 focus:outline-none"
        >
          <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
            <div className="max-w-2xl">
              <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
                Three steps
              </p>
              <h2
                id="how-title"
                className="mt-2 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl"
              >
                How it works
              </h2>
            </div>
            <ol className="mt-12 grid gap-8 md:grid-cols-3">
              {STEPS.map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="relative">
                  <div className="flex items-center gap-4">
                    <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                      {index + 1}
                    </span>
                    <Icon className="size-6 text-brand-600" aria-hidden="true" />
                  </div>
                  <h3 className="mt-5 text-lg font-semibold text-ink-900">{title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-ink-600">{text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        {/* Stats */}
        <section aria-label="Syllabot in numbers" className="bg-brand-900">
          <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 md:grid-cols-4">
            {STATS.map(({ value, label }) => (
              <div key={label} className="flex flex-col-reverse text-center">
                <dt className="mt-1 text-sm font-medium text-brand-100">{label}</dt>
                <dd className="text-4xl font-bold tracking-tight text-white">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        {/* Pricing */}
        <section
          id="pricing"
          aria-labelledby="pricing-title"
          className="mx-auto max-w-6xl px-4 py-20 sm:px-6"
        >
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Pricing</p>
            <h2
              id="pricing-title"
              className="mt-2 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl"
            >
              Simple, per-semester pricing
            </h2>
            <p className="mt-4 text-lg text-ink-600">Start free for 3 days. Cancel any time.</p>
          </div>
          <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
            <PlanCard
              plan={TEACHER_PLAN}
              highlighted
              action={
                <Button size="lg" className="w-full" onClick={() => modals.openSignUp()}>
                  Start Free Trial
                </Button>
              }
            />
            <PlanCard plan={DEPARTMENT_PLAN} />
          </div>
        </section>

        {/* Call to action */}
        <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6">
          <div className="mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-14 text-center shadow-raised sm:px-12">
            <h2
              id="cta-title"
              className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
            >
              Give every student a teaching assistant that knows your course
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
              Set up your first class in minutes. Your students can start asking today.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              {/* on the indigo band the focus ring is white: indigo would not show (DESIGN focus style) */}
              <Button
                size="lg"
                variant="inverse"
                className="focus-visible:outline-white"
                onClick={() => openTrial(null)}
              >
                Try Free Demo
              </Button>
              <Button
                size="lg"
                className="border border-white/40 bg-white/10 text-white hover:bg-white/20 focus-visible:outline-white"
                onClick={() => modals.openSignUp()}
              >
                Get Started Free
              </Button>
            </div>
          </div>
        </section>
      </main>
      <PublicFooter />

      {trialOpened ? (
        <Suspense fallback={null}>
          <TrialDialog open={trialOpen} onOpenChange={setTrialOpen} file={pickedFile} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Illustration of a student conversation (static example, not live data). */
function ChatPreview() {
  return (
    <figure className="relative mx-auto w-full max-w-md" aria-label="Example conversation">
      <div className="rounded-2xl border border-ink-200 bg-white shadow-raised">
        <div className="flex items-center justify-between gap-3 border-b border-ink-200 px-5 py-4">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-ink-900">
              BIO 101 · Intro to Biology
            </p>
            <p className="text-xs text-ink-600">Course assistant</p>
          </div>
          <Badge variant="success">Online</Badge>
        </div>
        <div className="space-y-4 px-5 py-5 text-sm">
          <p className="ml-auto max-w-[85%] rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 text-white">
            When is the midterm, and what does it cover?
          </p>
          <div className="max-w-[90%] rounded-2xl rounded-bl-md bg-ink-100 px-4 py-3 text-ink-800">
            <p>
              The midterm is in week 8, during the Thursday lecture. It covers units 1 to 4: cells,
              genetics, evolution and ecology.
            </p>
            <p className="mt-2 text-xs font-medium text-ink-600">
              Source: Syllabus, course schedule
            </p>
          </div>
          <p className="ml-auto max-w-[85%] rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 text-white">
            Can I bring a calculator?
          </p>
          <div className="flex items-center gap-1.5 px-1" aria-hidden="true">
            <span className="size-2 animate-pulse rounded-full bg-ink-400" />
            <span className="size-2 animate-pulse rounded-full bg-ink-400 [animation-delay:150ms]" />
            <span className="size-2 animate-pulse rounded-full bg-ink-400 [animation-delay:300ms]" />
          </div>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-xs text-ink-600">
        Example of a student conversation
      </figcaption>
    </figure>
  );
}
