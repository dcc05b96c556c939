import { writeAudit } from '../../audit/audit';
import { transaction } from '../../db/transaction';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { loadSettings } from '../../settings/shop-settings';
import { isMaskedSecret, maskSecret, type AdminSettings, type ShopSettings } from '../../../shared/schemas/settings';
import * as q from './settings.queries';

/** The settings with their secrets masked: what any screen, reply or audit entry may show. */
function masked<T extends ShopSettings>(settings: T): T {
  const { shiprocket } = settings.fulfilment;
  return {
    ...settings,
    fulfilment: { ...settings.fulfilment, shiprocket: { ...shiprocket, password: maskSecret(shiprocket.password), webhookToken: maskSecret(shiprocket.webhookToken) } },
  };
}

/** A secret field as saved: the stored one when the form sent back its mask. */
const keptSecret = (sent: string, stored: string) => (isMaskedSecret(sent) ? stored : sent);

export async function adminSettings(deps: Deps): Promise<AdminSettings> {
  const settings = await loadSettings(deps.db, deps);
  return {
    ...masked(settings),
    onlineProviders: deps.providers.online.map((p) => p.kind),
    courierWebhookUrl: `${deps.env.PUBLIC_URL.replace(/\/+$/, '')}/api/courier/tracking`,
  };
}

/** Saves the whole settings form (validated by the router), with an audit entry naming the sections that changed. */
export async function saveSettings(deps: Deps, actorId: string, sent: ShopSettings, actor: { twoFactorEnabled: boolean } = { twoFactorEnabled: false }): Promise<AdminSettings> {
  const now = deps.clock().toISOString();
  await transaction(deps.db, async (trx) => {
    const before = await loadSettings(trx, deps);
    const stored = before.fulfilment.shiprocket;
    const next: ShopSettings = {
      ...sent,
      // The Offers page edits these (saveOffersSettings): the Settings form does not carry them.
      offers: before.offers,
      fulfilment: {
        ...sent.fulfilment,
        shiprocket: {
          ...sent.fulfilment.shiprocket,
          password: keptSecret(sent.fulfilment.shiprocket.password, stored.password),
          webhookToken: keptSecret(sent.fulfilment.shiprocket.webhookToken, stored.webhookToken),
        },
      },
    };
    if (next.security.requireAdminTwoFactor && !before.security.requireAdminTwoFactor && !actor.twoFactorEnabled) {
      // Saving it would shut the owner out of the panel on their next request.
      throw new AppError('BAD_INPUT', 'Turn on two-factor sign-in for your own account (on your account page) before requiring it for admins.', {
        fieldErrors: { 'security.requireAdminTwoFactor': 'turn on two-factor sign-in for your own account first' },
      });
    }
    const changed = (Object.keys(next) as (keyof ShopSettings)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(next[key]));
    await q.writeSettingsRow(trx, next, now, actorId);
    if (changed.length > 0) {
      await writeAudit(trx, {
        at: now,
        actorId,
        action: 'settings.update',
        // Secrets are recorded masked: the log shows that one changed, never its value.
        detail: { changed, before: Object.fromEntries(changed.map((k) => [k, masked(before)[k]])), after: Object.fromEntries(changed.map((k) => [k, masked(next)[k]])) },
      });
    }
  });
  deps.log.info({ actorId }, 'shop settings saved');
  return adminSettings(deps);
}

/** The no-cost EMI plans and bank offers (the Offers page), saved into the settings with a settings.update audit entry. */
export async function saveOffersSettings(deps: Deps, actorId: string, offers: ShopSettings['offers']): Promise<ShopSettings['offers']> {
  const now = deps.clock().toISOString();
  return transaction(deps.db, async (trx) => {
    const { updatedAt: _updatedAt, ...before } = await loadSettings(trx, deps);
    if (JSON.stringify(before.offers) === JSON.stringify(offers)) return before.offers;
    await q.writeSettingsRow(trx, { ...before, offers }, now, actorId);
    await writeAudit(trx, { at: now, actorId, action: 'settings.update', detail: { changed: ['offers'], before: { offers: before.offers }, after: { offers } } });
    return offers;
  });
}

export async function saveProductTax(deps: Deps, actorId: string, productId: string, tax: { hsn: string | null; rateBasisPoints: number | null }): Promise<void> {
  const now = deps.clock().toISOString();
  await transaction(deps.db, async (trx) => {
    if (!(await q.setProductTax(trx, productId, tax))) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found');
    await writeAudit(trx, { at: now, actorId, action: 'tax.product', detail: { productId, ...tax } });
  });
}
