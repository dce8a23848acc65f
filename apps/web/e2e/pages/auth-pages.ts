import type { Page } from '@playwright/test';

/** Sign-in, sign-up and onboarding, driven the way a person fills them in. */
export class AuthPages {
  constructor(readonly page: Page) {}

  async signUp(user: { name: string; email: string; password: string }): Promise<void> {
    await this.page.goto('/auth/signup');
    await this.page.getByLabel('Full Name').fill(user.name);
    await this.page.getByLabel('Email address').fill(user.email);
    await this.page.getByLabel(/^Password/).fill(user.password);
    await this.page.getByLabel('Confirm password').fill(user.password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.goto('/auth/login');
    await this.page.getByLabel('Email address').fill(email);
    await this.page.getByLabel(/^Password/).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async createOrganization(name: string): Promise<void> {
    await this.page.getByLabel(/^Name/).fill(name);
    await this.page.getByRole('button', { name: 'Create organization' }).click();
  }

  async createFirstChannel(name: string): Promise<void> {
    await this.page.getByLabel(/^Channel name/).fill(name);
    await this.page.getByRole('button', { name: 'Create channel' }).click();
  }
}
