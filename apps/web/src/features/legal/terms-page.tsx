import type { ReactNode } from 'react';
import { TERMS_EFFECTIVE_DATE } from '@app/contracts';
import { PublicFooter } from '@/components/layout/public-footer';
import { SkipLink } from '@/components/layout/skip-link';
import { PublicTopBar } from '@/components/layout/public-top-bar';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@/lib/constants';
import { useDocumentTitle } from '@/lib/use-document-title';

const SECTIONS: { id: string; title: string; body: ReactNode }[] = [
  {
    id: 'acceptance',
    title: 'Using the service',
    body: (
      <p>
        {PRODUCT_NAME} lets teachers turn their syllabus and course materials into an AI assistant
        that students can question through a shared link. By creating an account or using the
        service you agree to these terms. If you use
        {` ${PRODUCT_NAME}`} on behalf of a school or department, you confirm that you may accept
        these terms for it.
      </p>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy and data use',
    body: (
      <>
        <p>
          We collect what we need to run the service: your name, e-mail address and institution, the
          course material you upload, and the questions students ask together with the answers
          given. Students use the chat without an account; a student e-mail address is only
          collected when a student chooses to ask you to contact them.
        </p>
        <p>
          We use this data to answer questions from your material, to show you conversations and
          analytics, and to keep the service secure. We do not sell personal data and we do not use
          your course material to train AI models. Card payments are handled by our payment
          provider; we never store full card numbers.
        </p>
        <p>
          If you connect a Slack workspace, we keep its name and id, the bot's access token
          (encrypted), the channels you link and the e-mail addresses you authorize. In a linked
          channel we keep the files and messages that you or the members you authorize share there,
          as course material, and the questions asked by mentioning the assistant, identified only
          by the member's Slack user id. Other members' messages are never stored. Editing or
          deleting a message in Slack updates or removes what was taken from it, and removing the
          app from the workspace deletes its token.
        </p>
        <p>
          You can ask us to export or delete your data at any time by writing to our support address
          below.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <p>
        You are responsible for keeping your password confidential and for everything done with your
        account. Give accurate information when you sign up, keep it current, and tell us promptly
        if you suspect someone else has used your account. Share each class link only with the
        students it is meant for.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'Content ownership',
    body: (
      <>
        <p>
          You keep ownership of the syllabus, documents and other material you upload. You give us a
          limited licence to store, process and display that material only to provide the service to
          you and your students. Upload only material you have the right to share.
        </p>
        <p>
          AI answers are generated from your material and may occasionally be incomplete or wrong.
          Remind students that the syllabus and your own announcements remain the authoritative
          source.
        </p>
      </>
    ),
  },
  {
    id: 'billing',
    title: 'Plans and billing',
    body: (
      <p>
        Paid plans are billed per semester after any free trial. You can cancel at any time from
        your account; the plan stays active until the end of the period already paid for.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as the service evolves. When we make a material change we will
        update the effective date above and let account holders know by e-mail or in the app before
        the change takes effect. Continuing to use the service after that means you accept the
        updated terms.
      </p>
    ),
  },
];

export function TermsPage() {
  useDocumentTitle('Terms of Service');
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SkipLink />
      <PublicTopBar />
      <main id="main" className="flex-1">
        <div className="border-b border-ink-200 bg-ink-50">
          <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Legal</p>
            <h1 className="mt-2 text-4xl font-bold tracking-tight text-ink-900">
              Terms of Service
            </h1>
            <p className="mt-3 text-ink-600">
              Effective date: <time dateTime="2025-07-15">{TERMS_EFFECTIVE_DATE}</time>
            </p>
          </div>
        </div>
        <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_1fr]">
          <nav aria-label="On this page" className="hidden lg:block">
            <ol className="sticky top-24 space-y-2 text-sm">
              {SECTIONS.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="text-ink-600 hover:text-brand-700 hover:underline"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
              <li>
                <a href="#contact" className="text-ink-600 hover:text-brand-700 hover:underline">
                  {SECTIONS.length + 1}. Contact us
                </a>
              </li>
            </ol>
          </nav>
          <article className="max-w-3xl space-y-10 text-base leading-relaxed text-ink-700">
            {SECTIONS.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="space-y-3"
              >
                <h2 id={`${section.id}-title`} className="text-xl font-semibold text-ink-900">
                  {index + 1}. {section.title}
                </h2>
                {section.body}
              </section>
            ))}
            <section id="contact" aria-labelledby="contact-title" className="space-y-3">
              <h2 id="contact-title" className="text-xl font-semibold text-ink-900">
                {SECTIONS.length + 1}. Contact us
              </h2>
              <p>
                Questions about these terms or your data? Write to{' '}
                <a
                  href={`mailto:${SUPPORT_EMAIL}`}
                  className="font-semibold text-brand-700 underline"
                >
                  {SUPPORT_EMAIL}
                </a>
                .
              </p>
            </section>
          </article>
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
