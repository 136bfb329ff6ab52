import { classChoiceName } from '@/lib/class-groups';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link2 } from 'lucide-react';
import { z } from '@app/contracts';
import type { ClassItem, SlackChannel, SlackWorkspace } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { toApiError } from '@/lib/api-client';
import { useChannels } from './api/get-channels';
import { useLinkClass } from './api/link-class';
import { INTEGRATION_TEXT } from './messages';
import { SearchablePicker, type PickerOption } from './searchable-picker';

const schema = z.object({
  workspace_id: z.string(),
  class_id: z.string(),
  channel_id: z.string(),
});
type Values = z.infer<typeof schema>;

/** "Public · 24 members" */
export function channelDetail(channel: SlackChannel) {
  const members = `${channel.num_members} ${channel.num_members === 1 ? 'member' : 'members'}`;
  return `${channel.is_private ? 'Private' : 'Public'} · ${members}`;
}

const channelOption = (channel: SlackChannel): PickerOption => ({
  id: channel.id,
  name: `#${channel.name}`,
  detail: channelDetail(channel),
  aside: channel.is_member ? null : <Badge variant="warning">Add bot first</Badge>,
});

/** SPEC §2/§5: pick a class and a channel (each searchable by name or id), then link them. */
export function NewLinkForm({
  workspaces,
  classes,
}: {
  workspaces: SlackWorkspace[];
  classes: ClassItem[];
}) {
  const connected = workspaces.filter((w) => w.connected);
  const link = useLinkClass();
  const [missing, setMissing] = useState(false);
  const [linked, setLinked] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { workspace_id: connected[0]?.id ?? '', class_id: '', channel_id: '' },
  });
  const workspaceId = form.watch('workspace_id');
  const workspace = connected.find((w) => w.id === workspaceId) ?? connected[0];
  const channels = useChannels(workspace?.slack_team_id);

  const classOptions: PickerOption[] = classes.map((item) => ({
    id: item.id,
    name: classChoiceName(item),
    detail: item.id,
  }));

  const submit = form.handleSubmit(async (values) => {
    setLinked(null);
    link.reset();
    if (!values.class_id || !values.channel_id) {
      setMissing(true);
      return;
    }
    setMissing(false);
    try {
      await link.mutateAsync({
        integration_id: workspace?.id ?? null,
        class_id: values.class_id,
        channel_id: values.channel_id,
      });
      const className = classes.find((c) => c.id === values.class_id)?.class_name ?? 'The class';
      const channel = channels.data?.find((c) => c.id === values.channel_id);
      setLinked(`${className} is linked to #${channel?.name ?? values.channel_id}.`);
      form.reset({ workspace_id: values.workspace_id, class_id: '', channel_id: '' });
    } catch {
      // shown from link.error
    }
  });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold text-ink-900">Link a class to a channel</h2>
        <CardDescription>
          Students can then ask the class assistant there, and you and authorized users can share
          material in it.
        </CardDescription>
      </CardHeader>
      <CardContent className="pt-4">
        <form onSubmit={submit} noValidate className="space-y-4">
          {connected.length > 1 ? (
            <Field label="Workspace">
              <Select
                {...form.register('workspace_id', {
                  onChange: () => form.setValue('channel_id', ''),
                })}
              >
                {connected.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.team_name}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
          <div className="grid gap-4 md:grid-cols-2">
            <Controller
              control={form.control}
              name="class_id"
              render={({ field }) => (
                <SearchablePicker
                  label="Class"
                  placeholder="Search by name or id"
                  options={classOptions}
                  value={field.value}
                  onChange={field.onChange}
                  emptyText="No class matches."
                />
              )}
            />
            <Controller
              control={form.control}
              name="channel_id"
              render={({ field }) => (
                <SearchablePicker
                  label="Channel"
                  placeholder={channels.isPending ? 'Loading channels…' : 'Search by name or id'}
                  options={(channels.data ?? []).map(channelOption)}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={!workspace}
                  emptyText={channels.isPending ? 'Loading channels…' : 'No channel matches.'}
                  hint="Private channels show once the bot is a member of them."
                />
              )}
            />
          </div>
          {channels.error ? (
            <Alert variant="danger">
              <p>{INTEGRATION_TEXT.loadData(toApiError(channels.error).message)}</p>
              <Button variant="link" size="sm" onClick={() => channels.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : null}
          {missing ? <Alert variant="danger">{INTEGRATION_TEXT.linkMissing}</Alert> : null}
          {link.error ? (
            <Alert variant="danger" title={INTEGRATION_TEXT.link}>
              {toApiError(link.error).message}
            </Alert>
          ) : null}
          {linked ? <Alert variant="success">{linked}</Alert> : null}
          <Button type="submit" loading={link.isPending} className="w-full sm:w-auto">
            {link.isPending ? null : <Link2 aria-hidden="true" />}
            {link.isPending ? 'Creating Link...' : 'Create Class-Channel Link'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
