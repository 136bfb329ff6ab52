import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { z } from '@app/contracts';
import type { User } from '@app/contracts';
import { NameFields } from '@/components/account/name-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { authApi } from '@/lib/auth-api';
import { useAuth } from '@/lib/auth';

const profileSchema = z.object({
  first_name: z.string().trim().min(1, 'First name is required'),
  last_name: z.string().trim().min(1, 'Last name is required'),
  email: z.string().trim().min(1, 'Email is required').email('Please enter a valid email address'),
  institution: z.string().trim(),
});
type ProfileValues = z.infer<typeof profileSchema>;

/** My Account; the app passes in the plan card (billing's), as it composes features. */
export function AccountPage({ plan }: { plan: ReactNode }) {
  const { user, setUser } = useAuth();
  const profile = useQuery({ queryKey: ['profile'], queryFn: authApi.profile, staleTime: 0 });

  useEffect(() => {
    if (profile.data) setUser(profile.data);
  }, [profile.data, setUser]);
  useEffect(() => {
    if (profile.errorUpdatedAt) toast.error('Failed to load profile');
  }, [profile.errorUpdatedAt]);

  if (!user) return null;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
      <ProfileCard user={user} />
      <div className="space-y-6">
        {plan}
        <Card>
          <CardHeader className="pb-6">
            <h2 className="flex items-center gap-2 text-base font-semibold text-ink-900">
              <Sparkles className="size-4 text-brand-600" aria-hidden="true" />
              Coming Soon
            </h2>
            <CardDescription>
              Notification preferences, data export and the Department plan for whole programs are
              on their way.
            </CardDescription>
          </CardHeader>
        </Card>
      </div>
    </div>
  );
}

function ProfileCard({ user }: { user: User }) {
  const { setUser } = useAuth();
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    values: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      institution: user.institution ?? '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;

  const save = useMutation({
    mutationFn: (values: ProfileValues) =>
      authApi.updateProfile({ ...values, institution: values.institution || null }),
    onSuccess: (updated) => {
      setUser(updated);
      form.reset({
        first_name: updated.first_name,
        last_name: updated.last_name,
        email: updated.email,
        institution: updated.institution ?? '',
      });
      toast.success('Profile updated');
    },
    onError: () => toast.error('Failed to update profile'),
  });

  return (
    <Card>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      >
        <CardHeader>
          <h2 className="text-base font-semibold text-ink-900">Profile</h2>
          <CardDescription>
            Your name and institution appear to students on your class chat pages.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <NameFields
            firstName={form.register('first_name')}
            lastName={form.register('last_name')}
            firstNameError={errors.first_name?.message}
            lastNameError={errors.last_name?.message}
          />
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
          <Field label="Institution" optional error={errors.institution?.message}>
            <Input autoComplete="organization" {...form.register('institution')} />
          </Field>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" loading={save.isPending} disabled={!isDirty}>
            Save Profile
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
