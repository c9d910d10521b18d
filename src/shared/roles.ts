/** The roles a user can have. `admin` is never chosen at signup. */
export const roles = ['membre', 'formateur', 'organisme', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Roles a visitor may pick on the signup screen. */
export const signupRoles = ['membre', 'formateur', 'organisme'] as const;
export type SignupRole = (typeof signupRoles)[number];

export const roleLabels: Record<Role, string> = {
  membre: 'Membre',
  formateur: 'Formateur',
  organisme: 'Organisation',
  admin: 'Administrateur',
};

/** The minimum a policy needs to know about who is calling. */
export interface Actor {
  id: number;
  role: Role;
  is_valid: boolean;
}

/** A trainer may publish once an administrator has approved them. */
export function isApprovedTrainer(actor: Actor | null | undefined): boolean {
  return actor?.role === 'formateur' && actor.is_valid;
}

/** Approved trainers and administrators author courses. */
export function canAuthorCourses(actor: Actor | null | undefined): boolean {
  return actor?.role === 'admin' || isApprovedTrainer(actor);
}

export function isAdmin(actor: Actor | null | undefined): boolean {
  return actor?.role === 'admin';
}

/**
 * A non-trainer account with is_valid false (administrators included) has been disabled by an
 * administrator. For trainers, is_valid false only means "not approved yet": they may still sign in.
 */
export function isDisabledAccount(actor: Actor): boolean {
  return !actor.is_valid && actor.role !== 'formateur';
}

/** The organisation account of an employer or training buyer (issue 15): its members, seats and dashboard. */
export function isOrganisation(actor: Actor | null | undefined): boolean {
  return actor?.role === 'organisme';
}

/** A learner's account: the one kind an organisation may invite, and that may join or leave one. */
export function isLearner(actor: Actor | null | undefined): boolean {
  return actor?.role === 'membre';
}

/** Everyone but organisations describes a person (name, gender, birth date); an organisation has its own profile. */
export function hasPersonProfile(actor: Actor | null | undefined): boolean {
  return Boolean(actor) && actor?.role !== 'organisme';
}
