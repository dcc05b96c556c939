import crypto from 'node:crypto';
import { AppError } from '../../errors';
import { nowIso } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { writeAudit } from '../../audit/audit';
import { brandOf, enqueueMail, hashToken, newToken } from '../../mail/mail.service';
import { emailChangedMail, emailChangeMail } from '../../mail/templates';
import { decodeImageDataUrl, storeAvatar } from '../../images/image.service';
import { describeUserAgent } from '../../lib/user-agent';
import type { AccountSession, User } from '../../../shared/schemas/account';
import { openOrderIdsOf, ordersOfUser } from '../order/order.service';
import { shipmentsOfUser } from '../shipping/shipping.service';
import type { Order } from '../../../shared/schemas/order';
import type { OrderShipment } from '../../../shared/schemas/shipping';
import { hashPassword, isUniqueViolation, LOGIN_WINDOW_MS, verifyPasswordOf } from './account.service';
import { hasTwoFactor } from './two-factor.service';
import * as q from './account.queries';
import * as sessionRows from '../../sessions/session.queries';
import * as addresses from './address.queries';

// The account page (/account): name and photo, password, email, signed-in devices, the data
// export and deleting the account.

/** How long a link confirming a new email works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;
/** Email-change requests per account in LOGIN_WINDOW_MS (each sends an email to an address the user names). */
export const EMAIL_CHANGE_MAX_REQUESTS = 5;

const EMAIL_LINK_INVALID = 'This confirmation link has expired or was already used. Ask for a new one on your account page.';

/** Name and, when given, photo (a data URL, or '' to remove it). */
export async function updateProfile(deps: Deps, userId: string, input: { name: string; profilePic?: string | undefined }): Promise<User> {
  const profilePic = input.profilePic === undefined ? undefined : input.profilePic === '' ? '' : await storeAvatar(deps.images, decodeImageDataUrl(input.profilePic));
  await q.setProfile(deps.db, userId, { name: input.name, ...(profilePic !== undefined ? { profilePic } : {}) }, nowIso(deps.clock));
  const user = await q.findUserById(deps.db, userId);
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  return user;
}

/** A new password, given the current one; every other session of the user ends (this one stays). */
export async function changePassword(
  deps: Deps,
  input: { userId: string; sessionId: string; currentPassword: string; password: string; ip: string },
): Promise<{ endedSessions: number }> {
  await verifyPasswordOf(deps, input.userId, input.currentPassword, input.ip);
  const passwordHash = await hashPassword(input.password);
  const now = nowIso(deps.clock);
  const endedSessions = await transaction(deps.db, async (trx) => {
    await q.setPasswordHash(trx, input.userId, passwordHash, now);
    await writeAudit(trx, { at: now, actorId: input.userId, action: 'user.password', detail: { userId: input.userId } });
    return sessionRows.deleteOtherSessions(trx, input.userId, input.sessionId);
  });
  return { endedSessions };
}

/**
 * Sends a link to the new address; the email changes only when it is opened. Needs the current
 * password; the new address must be free. Throttled per account.
 */
export async function requestEmailChange(deps: Deps, user: User, input: { newEmail: string; currentPassword: string; ip: string }): Promise<{ message: string }> {
  if (input.newEmail === user.email) throw new AppError('BAD_INPUT', 'That is already your email.', { fieldErrors: { newEmail: 'is already your email' } });
  await verifyPasswordOf(deps, user._id, input.currentPassword, input.ip);
  const now = deps.clock();
  const key = `email-change:${user._id}`;
  if ((await q.countRecentLoginFailures(deps.db, [key], new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString())) >= EMAIL_CHANGE_MAX_REQUESTS) {
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many email changes asked for. Please wait 15 minutes and try again.');
  }
  if (await q.emailExists(deps.db, input.newEmail)) {
    throw new AppError('EMAIL_TAKEN', 'Another account already uses this email.', { fieldErrors: { newEmail: 'is used by another account' } });
  }
  const { token, hash } = newToken();
  const link = `${deps.env.PUBLIC_URL}/confirm-email?token=${encodeURIComponent(token)}`;
  await transaction(deps.db, async (trx) => {
    await q.recordLoginFailure(trx, [key], now.toISOString());
    await q.insertEmailChange(trx, {
      tokenHash: hash,
      userId: user._id,
      newEmail: input.newEmail,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * 3_600_000).toISOString(),
    });
    const mail = emailChangeMail(await brandOf(trx, deps), { name: user.name, newEmail: input.newEmail, link, hours: EMAIL_CHANGE_LINK_HOURS });
    await enqueueMail(trx, deps, 'email-change', input.newEmail, mail);
  });
  return { message: `We sent a link to ${input.newEmail}. Your email changes when you open it (within ${EMAIL_CHANGE_LINK_HOURS} hours).` };
}

/**
 * Opens an email-change link: the account's email becomes the new one (if still free), every
 * open link of the account is used up, and the old address is told, all in one transaction.
 * Works without being signed in (the link may be opened on another device).
 */
export async function confirmEmailChange(deps: Deps, token: string): Promise<{ email: string }> {
  const now = nowIso(deps.clock);
  try {
    return await transaction(deps.db, async (trx) => {
      const change = await q.findEmailChange(trx, hashToken(token));
      if (!change || change.usedAt !== null || change.expiresAt <= now) throw new AppError('BAD_INPUT', EMAIL_LINK_INVALID);
      const user = await q.findUserById(trx, change.userId);
      const creds = await q.findCredentialsById(trx, change.userId);
      if (!user || !creds) throw new AppError('BAD_INPUT', EMAIL_LINK_INVALID);
      if (await q.emailExists(trx, change.newEmail)) throw new AppError('EMAIL_TAKEN', 'Another account started using this email meanwhile. Choose another on your account page.');
      await q.setEmail(trx, user._id, change.newEmail, now);
      await q.useUpEmailChanges(trx, user._id, now);
      await writeAudit(trx, { at: now, actorId: user._id, action: 'user.email', detail: { userId: user._id, from: user.email, to: change.newEmail } });
      const mail = emailChangedMail(await brandOf(trx, deps), { name: user.name, oldEmail: user.email, newEmail: change.newEmail, at: now });
      await enqueueMail(trx, deps, 'email-changed', user.email, mail);
      return { email: change.newEmail };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', 'Another account started using this email meanwhile. Choose another on your account page.');
    throw error;
  }
}

/** The handle the account page names a session by: never the session id itself (that is the bearer secret). */
export function sessionHandle(sessionId: string): string {
  return crypto.createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);
}

/** The user's signed-in devices, the current one first. */
export async function listSessions(deps: Deps, userId: string, currentSessionId: string): Promise<AccountSession[]> {
  const rows = await sessionRows.listSessionsOfUser(deps.db, userId, nowIso(deps.clock));
  const sessions = rows.map((row) => ({
    id: sessionHandle(row.id),
    current: row.id === currentSessionId,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    signedInAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/** Ends one of the user's other sessions (that device is signed out on its next request). */
export async function endSession(deps: Deps, userId: string, currentSessionId: string, handle: string): Promise<{ ended: boolean }> {
  const rows = await sessionRows.listSessionsOfUser(deps.db, userId, nowIso(deps.clock));
  const target = rows.find((row) => sessionHandle(row.id) === handle);
  if (!target) throw new AppError('NOT_FOUND', 'That session has already ended.');
  if (target.id === currentSessionId) throw new AppError('BAD_INPUT', 'This is the session you are using: sign out instead.');
  await sessionRows.deleteSession(deps.db, target.id);
  return { ended: true };
}

export async function endOtherSessions(deps: Deps, userId: string, currentSessionId: string): Promise<{ endedSessions: number }> {
  return { endedSessions: await sessionRows.deleteOtherSessions(deps.db, userId, currentSessionId) };
}

/** An order's parcel as the data download gives it: courier, AWB, link, status, timeline, and each unit's serial or IMEIs by product (what a warranty claim asks for). */
function parcelForExport(order: Order, parcel: OrderShipment) {
  return {
    status: parcel.status,
    courier: parcel.courierName,
    awb: parcel.awb,
    trackingUrl: parcel.trackingUrl,
    packedAt: parcel.packedAt,
    shippedAt: parcel.shippedAt,
    deliveredAt: parcel.deliveredAt,
    timeline: parcel.timeline.map((step) => ({ status: step.status, label: step.label, at: step.at, location: step.location, reason: step.reason })),
    units: parcel.units.map((unit) => {
      const line = order.productDetails[unit.line];
      return {
        product: line?.name ?? null,
        variant: line?.variantLabel || null,
        sku: line?.sku ?? null,
        unit: unit.unit + 1,
        ...(unit.kind === 'imei' ? { imei: unit.values } : { serialNumber: unit.values[0] ?? null }),
      };
    }),
  };
}

/** "Download my data": profile, addresses, orders (each with its parcels and their units' numbers) and signed-in devices, as JSON. */
export async function exportData(deps: Deps, userId: string) {
  const user = await q.findUserById(deps.db, userId);
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  const { shopName, publicUrl } = await brandOf(deps.db, deps);
  const sessions = await sessionRows.listSessionsOfUser(deps.db, userId, nowIso(deps.clock));
  return {
    exportedAt: nowIso(deps.clock),
    shop: { name: shopName, url: publicUrl },
    profile: {
      id: user._id,
      name: user.name,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt,
      profilePic: user.profilePic ? `${publicUrl}${user.profilePic}` : null,
      twoFactorEnabled: await hasTwoFactor(deps.db, userId),
    },
    addresses: await addresses.listAddresses(deps.db, userId),
    orders: await ordersWithParcels(deps, userId),
    sessions: sessions.map((s) => ({ ...describeUserAgent(s.userAgent), userAgent: s.userAgent, ip: s.ip, signedInAt: s.createdAt, lastSeenAt: s.lastSeenAt })),
  };
}

async function ordersWithParcels(deps: Deps, userId: string) {
  const [orders, parcels] = await Promise.all([ordersOfUser(deps.db, userId), shipmentsOfUser(deps, userId)]);
  return orders.map((order) => ({ ...order, parcels: (parcels[order._id] ?? []).map((parcel) => parcelForExport(order, parcel)) }));
}

/**
 * Deletes the account (Digital Personal Data Protection Act 2023): name, email, password, photo,
 * two-factor secret, addresses, cart, sessions, links and mail go; orders stay for the tax
 * records with the delivery name and address they were invoiced to (GST law keeps invoices
 * for 72 months). The email can sign up again. Needs the current password; refused for the
 * last admin and while an order is under way.
 */
export async function deleteAccount(deps: Deps, user: User, input: { currentPassword: string; ip: string }): Promise<{ deleted: true }> {
  await verifyPasswordOf(deps, user._id, input.currentPassword, input.ip);
  const tombstoneHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const now = nowIso(deps.clock);
  await transaction(deps.db, async (trx) => {
    const current = await q.findUserById(trx, user._id);
    if (!current) throw new AppError('USER_NOT_FOUND', 'User not found');
    if (current.role === 'ADMIN' && (await q.countAdmins(trx)) <= 1) {
      throw new AppError('LAST_ADMIN', 'You are the last admin: make another user ADMIN before deleting your account.');
    }
    const open = await openOrderIdsOf(trx, user._id);
    if (open.length > 0) {
      throw new AppError(
        'OPEN_ORDERS',
        `Your ${open.length === 1 ? 'order is' : `${open.length} orders are`} still under way (${open.join(', ')}). You can delete your account once ${open.length === 1 ? 'it is' : 'they are'} delivered or cancelled.`,
      );
    }
    await q.deletePersonalRows(trx, user._id, current.email);
    await q.anonymiseUser(trx, user._id, { email: `deleted-${user._id}@deleted.invalid`, passwordHash: tombstoneHash }, now);
    await writeAudit(trx, { at: now, actorId: user._id, action: 'user.delete', detail: { userId: user._id } });
  });
  deps.log.info({ userId: user._id }, 'account deleted at its owner’s request');
  return { deleted: true };
}
