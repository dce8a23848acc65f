/** Body of GET /api/health (API-CONTRACT §8.2): note it uses `code`, not `status`. */
export interface HealthResponse {
  code: 200;
  message: 'API is healthy.';
  data: Record<string, unknown>;
}

/** The build manifest the server serves at /builds/latest.json for the "new build" check. */
export interface BuildManifest {
  id: string;
  timestamp: number;
}

/** Body of GET /api/v1/app-config: what the web app needs to know about this deployment. */
export interface AppConfig {
  /** The survey the feedback modal embeds; null means the built-in feedback form. */
  feedbackUrl: string | null;
  /**
   * The slug of the only organization that is not archived, or null when there are none or
   * several: whose guide a visitor sees when the link names no organization.
   */
  publicOrganization: string | null;
}
