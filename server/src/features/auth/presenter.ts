/** The signed-in user as the front end sees it: never a hash. */
export const userSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'role', 'email_verified', 'pending_email'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'integer' },
    email_verified: {
      type: 'boolean',
      description: 'Adresa a fost confirmată printr-un link primit pe e-mail.',
    },
    pending_email: {
      type: ['string', 'null'],
      description: 'Adresa nouă care așteaptă confirmarea din linkul trimis acolo (24 de ore), sau null.',
    },
    company_id: { type: ['integer', 'null'] },
    holding_id: { type: ['integer', 'null'] },
    company: {
      type: ['object', 'null'],
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        cui: { type: ['string', 'null'] },
        status: { type: 'string' },
      },
    },
    holding: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, name: { type: 'string' }, cui: { type: ['string', 'null'] } },
    },
    two_factor_enabled: { type: 'boolean', description: 'Autentificarea în doi pași este activă.' },
    two_factor_required: {
      type: 'boolean',
      description: 'Compania (roluri 2, 3) sau holdingul (roluri 4, 5) utilizatorului cere autentificarea în doi pași.',
    },
  },
} as const;

export type PresentedUser = {
  id: number;
  name: string;
  email: string;
  role: number;
  email_verified: boolean;
  pending_email: string | null;
  company_id: number | null;
  holding_id: number | null;
  company: { id: number; name: string; cui: string | null; status: string } | null;
  holding: { id: number; name: string; cui: string | null } | null;
  two_factor_enabled: boolean;
  two_factor_required: boolean;
};

/** The user's row with their company and holding, as the auth repository reads them (findProfile). */
export type UserProfile = Omit<PresentedUser, 'company' | 'holding'> & {
  company: PresentedUser['company'] | undefined;
  holding: PresentedUser['holding'] | undefined;
};

export function presentUser(profile: UserProfile): PresentedUser {
  return { ...profile, company: profile.company ?? null, holding: profile.holding ?? null };
}
