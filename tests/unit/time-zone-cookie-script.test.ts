import { describe, expect, it } from "vitest";
import { TIME_ZONE_COOKIE, TIME_ZONE_COOKIE_SCRIPT } from "~/lib/time-zone";

describe("the inline time-zone script (the one dangerouslySetInnerHTML of the shell, and the sign-in form's script)", () => {
  it("is fixed text made from constants only: no user, request or database text can reach it", () => {
    expect(TIME_ZONE_COOKIE).toBe("tz");
    expect(TIME_ZONE_COOKIE_SCRIPT).toBe(
      'try{document.cookie="tz="+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)+"; path=/; max-age=31536000; samesite=lax"}catch(e){}',
    );
    expect(TIME_ZONE_COOKIE_SCRIPT).not.toMatch(/<\/script/i);
  });
});
