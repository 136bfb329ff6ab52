import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /slack/manifest: the Slack app manifest for whoever runs the server, saved as a file. */
export async function downloadManifest() {
  const file = await api.getText('/slack/manifest');
  const type = file.contentType ?? 'application/json';
  saveFile(new Blob([file.text], { type }), file.filename ?? 'slack-app-manifest.json');
}
