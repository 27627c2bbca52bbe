/** Steps the accounts spec repeats: register, sign in, open a settings section, pick from an antd Select, confirm a second time. */
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Secret123';

/** Fills the register form; with a mail server the server wants the passcode it mails (`codeFor` reads it). */
export async function fillRegisterForm(page: Page, who: { name: string; email: string }, codeFor?: (email: string) => Promise<string>) {
  await page.getByTestId('register-name').fill(who.name);
  await page.getByTestId('register-account').fill(who.email);
  if (codeFor) {
    await page.getByTestId('register-send-code').click();
    await page.getByTestId('register-code').fill(await codeFor(who.email));
  }
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm').fill(PASSWORD);
}

export async function register(page: Page, base: string, who: { name: string; email: string }, codeFor?: (email: string) => Promise<string>, path = '/login?view=register&language=en-US') {
  await page.goto(base + path);
  await expect(page.getByTestId('register-form')).toBeVisible();
  await fillRegisterForm(page, who, codeFor);
  await page.getByTestId('register-submit').click();
}

export async function signIn(page: Page, base: string, email: string, password = PASSWORD, path = '/login?language=en-US') {
  await page.goto(base + path);
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function openSettingsSection(page: Page, key: string) {
  await page.getByTestId('settings-button').click();
  await page.getByTestId(`settings-tab-${key}`).click();
}

export async function pickOption(page: Page, selectTestId: string, text: string | RegExp) {
  await page.getByTestId(selectTestId).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text, visible: true }).first().click();
}

/** The member row of the members table by display name. */
export const memberRow = (page: Page, name: string) => page.locator(`[data-testid^="member-row-"][data-name="${name}"]`);
