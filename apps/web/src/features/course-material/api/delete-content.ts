import { api } from '@/lib/api-client';

/** DELETE /content/{id}. */
export const deleteContent = (id: string) => api.delete(`/content/${id}`);
