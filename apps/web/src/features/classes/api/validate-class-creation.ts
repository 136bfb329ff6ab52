import type { ApiSuccess, ClassCreationCheck } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /billing/validate-class-creation: may one more class be created, and at what cost. */
export async function validateClassCreation(): Promise<ClassCreationCheck> {
  const body = await api.get<ApiSuccess<ClassCreationCheck>>('/billing/validate-class-creation');
  return body.data;
}
