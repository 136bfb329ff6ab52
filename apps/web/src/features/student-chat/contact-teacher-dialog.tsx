import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import type { z } from 'zod';
import { CONTACT_REASON_MAX, CONTACT_REASON_MIN, contactInputSchema } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { studentChatApi } from './student-chat-api';

const contactFormSchema = contactInputSchema.pick({ student_email: true, request_reason: true });
type ContactFormValues = z.input<typeof contactFormSchema>;

const CONTACT_SENT_TEXT = 'Your teacher has been notified';

/** SPEC §5 Student contact request: the student's e-mail and why they need the teacher. */
export function ContactTeacherDialog({
  chatUuid,
  conversationId,
  onOpenChange,
}: {
  chatUuid: string;
  /** The answer the request is about; the dialog is open while this is set. */
  conversationId: string | null;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={conversationId !== null} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        {conversationId ? (
          <ContactForm
            key={conversationId}
            chatUuid={chatUuid}
            conversationId={conversationId}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ContactForm({
  chatUuid,
  conversationId,
  onDone,
}: {
  chatUuid: string;
  conversationId: string;
  onDone(): void;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { student_email: '', request_reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const email = form.watch('student_email');
  const reason = form.watch('request_reason');
  const blank = !email.trim() || !reason.trim();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await studentChatApi.contact(chatUuid, {
        conversation_id: conversationId,
        student_email: values.student_email.trim(),
        request_reason: values.request_reason.trim(),
      });
      setSentTo(values.student_email.trim());
    } catch (error) {
      // SPEC §8: a contact request failure is only logged; the form stays open to try again.
      console.error('Contact request failed', error);
    }
  });

  if (sentTo) {
    return (
      <div className="text-center" role="status">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-success-50 text-success-600">
          <CheckCircle2 className="size-7" aria-hidden="true" />
        </span>
        <DialogTitle className="mt-5">Request sent</DialogTitle>
        <DialogDescription className="mt-2">
          {CONTACT_SENT_TEXT} and will reply to you at{' '}
          <span className="font-semibold text-ink-900">{sentTo}</span>.
        </DialogDescription>
        <Button className="mt-6 w-full" onClick={onDone}>
          Done
        </Button>
      </div>
    );
  }

  return (
    <DialogForm
      title="Contact Teacher"
      description="Your teacher will see your question and this message, and reply by e-mail."
      onSubmit={(event) => void onSubmit(event)}
      submitLabel="Send request"
      pending={isSubmitting}
      submitDisabled={blank}
      onCancel={onDone}
      footerClassName="mt-4"
    >
      <Field label="Your email" error={errors.student_email?.message}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-required
          className="text-base sm:text-sm"
          {...form.register('student_email')}
        />
      </Field>
      <CountedTextarea
        label="What do you need help with?"
        error={errors.request_reason?.message}
        count={reason.length}
        limit={CONTACT_REASON_MAX}
        note={`At least ${CONTACT_REASON_MIN} characters.`}
        rows={4}
        aria-required
        className="text-base sm:text-sm"
        {...form.register('request_reason')}
      />
    </DialogForm>
  );
}
