import { useQueryClient } from '@tanstack/react-query';
import type { Branding } from '#shared/branding/branding.contract.ts';
import { api, request } from '#web/lib/api-client.ts';

export type UploadedImage = { url: string; type: string };

/** Sends a logo file; the server decides its type by content and answers its URL. */
export async function uploadBrandImage(file: File): Promise<UploadedImage> {
  // the static demo keeps no logos: its api client says so (ADR 026)
  if (import.meta.env.MODE === 'demo') {
    return request<UploadedImage>('/api/admin/brand-images', { method: 'POST' });
  }
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch('/api/admin/brand-images', {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  });
  const body = (await response.json().catch(() => null)) as {
    image?: UploadedImage;
    error?: { message?: string };
  } | null;
  if (!response.ok || !body?.image) {
    throw new Error(body?.error?.message ?? `The upload failed (HTTP ${response.status}).`);
  }
  return body.image;
}

/** Saves the whole branding; every screen's header and strip read it from the public settings. */
export function useSaveBranding() {
  const queryClient = useQueryClient();
  return async (branding: Branding) => {
    const saved = await api.put<Branding>('/api/admin/branding', branding);
    // the public settings (settingsQuery): every screen's header and strip
    await queryClient.invalidateQueries({ queryKey: ['settings'] });
    return saved;
  };
}
