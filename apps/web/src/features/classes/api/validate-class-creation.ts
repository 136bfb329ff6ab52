import type { ApiSuccess, ClassCreationCheck, Semester } from '@app/contracts';
import { api } from '@/lib/api-client';

/** A class's semester and year: the season whose allowance it counts toward. */
export type ClassTerm = { semester: Semester | null; year: number | null };

/**
 * GET /billing/validate-class-creation: may one more class be created in the season of this
 * semester and year (this season when not given), and at what cost.
 */
export async function validateClassCreation(term?: ClassTerm): Promise<ClassCreationCheck> {
  const query: Record<string, string | number> = {};
  if (term?.semester) query.semester = term.semester;
  if (term?.year) query.year = term.year;
  const body = await api.get<ApiSuccess<ClassCreationCheck>>('/billing/validate-class-creation', {
    query,
  });
  return body.data;
}
