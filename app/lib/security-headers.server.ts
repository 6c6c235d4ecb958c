import { randomBytes } from "node:crypto";

/** A fresh nonce per response: 128 random bits, base64 (allowed as a CSP nonce-source). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export interface ContentSecurityPolicyOptions {
  nonce: string;
  /** Origins a form may post to besides this one, e.g. an external OpenID Connect issuer. */
  extraFormActionOrigins?: readonly string[];
  /** Origins images may come from besides this one: the map's tile server. */
  extraImageOrigins?: readonly string[];
}

/**
 * Scripts only from this origin or carrying the response's nonce. Styles allow inline because
 * Mantine sets style attributes and injects its CSS variables in a <style> element.
 */
export function buildContentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", `'nonce-${options.nonce}'`]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", ...(options.extraImageOrigins ?? [])]],
    ["connect-src", ["'self'"]],
    ["font-src", ["'self'", "data:"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'", ...(options.extraFormActionOrigins ?? [])]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

export interface SecurityHeaderOptions extends ContentSecurityPolicyOptions {
  /** Whether the client reached us over HTTPS (directly or through a trusted proxy). */
  https: boolean;
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": buildContentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    // Sent over plain HTTP it would be ignored anyway, and it would pin a loopback dev setup to HTTPS.
    ...(options.https ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
}
