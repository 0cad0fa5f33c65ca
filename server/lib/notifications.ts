import { sql, type SQL } from 'drizzle-orm';
import { mailsNotification, noticeRecipients, transitionNotice, type NotificationKind } from '../../src/domain/notifications.js';
import type { Language } from '../../src/domain/languages.js';
import type { TenantType, WorkflowDefinition } from '../../src/domain/workflow.js';
import type { Tx } from '../db/client.js';
import { writeAtCommit } from '../db/transaction-round-trips.js';
import { projectMembers, userNotifications, userProfiles, users } from '../db/schema.js';
import { queueMailAtCommit } from '../services/mail-outbox.js';
import { translate } from './i18n.js';
import type { UnitRow } from './project-access.js';

export interface NotificationRecipient {
  id: number;
  email: string;
  language: string;
  notificationMails: string[] | null;
}

/**
 * Puts a notification in each recipient's bell and mails it to those whose profile asks for this kind (through the
 * outbox, whose limits apply), in the caller's transaction. `mail: false`: the caller mails itself (escalations).
 */
export async function notifyUsers(
  tx: Tx,
  recipients: readonly NotificationRecipient[],
  notice: { kind: NotificationKind; unit: Pick<UnitRow, 'id' | 'rootId' | 'number' | 'title' | 'stateKey'>; params?: Record<string, string> },
  options: { mail?: boolean } = {},
): Promise<void> {
  if (!recipients.length) return;
  const { unit } = notice;
  const params = { number: unit.number, title: unit.title, state: unit.stateKey, ...notice.params };
  // Nothing reads the notices in the writing transaction: they go with its commit (transaction-round-trips.ts).
  await writeAtCommit(tx, tx.insert(userNotifications).values(recipients.map((recipient) => ({ userId: recipient.id, kind: notice.kind, unitId: unit.id, rootId: unit.rootId ?? unit.id, params }))));
  if (options.mail === false) return;
  for (const recipient of recipients) {
    if (!recipient.email || !mailsNotification(recipient.notificationMails, notice.kind)) continue;
    const language = recipient.language as Language;
    const texts = { ...params, state: translate(language, `STATES.${unit.stateKey}`) };
    await queueMailAtCommit(tx, {
      kind: `notification:${notice.kind}`,
      recipient: recipient.email,
      subject: translate(language, `NOTIFICATIONS.Mail.${notice.kind}.Subject`, texts),
      body: translate(language, `NOTIFICATIONS.Mail.${notice.kind}.Body`, texts),
      userId: recipient.id,
      // The portal's notice of its own event, mailed only because the recipient asked for this kind in their profile.
      sender: { system: 'notifications' },
    });
  }
}

/** A project member as the notification rules see them (src/domain/notifications.ts `noticeRecipients`). */
export interface NotifiableMember extends NotificationRecipient {
  isInternal: boolean;
  isAdmin: boolean;
  role: string;
}

/**
 * The active members of the root `rootId` names, with what the notification rules need, as one JSON value — a column
 * any query can carry (a transition's access query does, `unitAccess` `{ members: true }`).
 */
export function notifiableMembersColumn(rootId: SQL | number): SQL<NotifiableMember[] | null> {
  return sql<NotifiableMember[] | null>`(select json_agg(json_build_object('id', u.id, 'email', u.email, 'language', u.language, 'isInternal', u.is_internal, 'isAdmin', u.is_admin, 'role', m.role, 'notificationMails', p.notification_mails) order by u.id) from ${projectMembers} m join ${users} u on u.id = m.user_id left join ${userProfiles} p on p.user_id = u.id where m.root_id = ${rootId} and u.is_active and u.deleted_at is null)`;
}

/** The active members of a root with what the notification rules need. */
export async function notifiableMembers(tx: Tx, rootId: number): Promise<NotifiableMember[]> {
  const [row] = await tx.select({ members: notifiableMembersColumn(rootId) }).from(sql`(select 1) as one`);
  return row?.members ?? [];
}

/** After a state change (applyTransition): the bell (and mail) of the members the new state concerns. */
export async function notifyTransition(
  tx: Tx,
  facts: { definition: WorkflowDefinition; unit: UnitRow; tenantType: TenantType; action: string; actorId: number },
  /** The root's members as the transition read them with its access (`unitAccess`'s `members`), else read here. */
  known?: readonly NotifiableMember[],
): Promise<void> {
  const notice = transitionNotice(facts.definition, facts.unit, facts.tenantType, facts.action);
  if (!notice) return;
  const members = known ?? (await notifiableMembers(tx, facts.unit.rootId ?? facts.unit.id));
  const ids = new Set(noticeRecipients(notice, members, facts.actorId));
  await notifyUsers(
    tx,
    members.filter((member) => ids.has(member.id)),
    { kind: notice.kind, unit: facts.unit },
  );
}
