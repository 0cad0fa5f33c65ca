import type { useTranslate } from 'react-admin';
import { PSEUDO_ROLES } from '../../domain/workflow';

type Translate = ReturnType<typeof useTranslate>;

/** A workflow role in the user's language: member roles as on the members card, the pseudo roles from the editor's texts. */
export const roleLabel = (translate: Translate, role: string) =>
  translate((PSEUDO_ROLES as readonly string[]).includes(role) ? `WORKFLOW.Editor.Roles.${role}` : `MEMBERS.Role.${role}`, { _: role });
