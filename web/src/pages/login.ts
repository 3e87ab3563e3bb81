// Sign in, sign up, or play as a guest.
import { h } from "../dom";
import { t } from "../i18n";
import { navigate } from "../nav";
import { session } from "../session";

// `query.next`: the page to open after signing in (the one that asked for it).
export function renderLogin(root: HTMLElement, _arg = "", query = new URLSearchParams()): void {
  root.className = "page-login";
  const error = h("p", { class: "error", id: "login-error", role: "alert" });
  const fail = (e: unknown) => {
    error.textContent = t("login.failed", { msg: e instanceof Error ? e.message : String(e) });
  };
  const next = query.get("next") ?? "/";
  const done = () => navigate(next.startsWith("/") && next !== "/login" ? next : "/");

  const user = h("input", { id: "login-username", name: "username", autocomplete: "username", required: true });
  const pass = h("input", { id: "login-password", name: "password", type: "password", autocomplete: "current-password", required: true });
  const signIn = h(
    "form",
    {
      class: "card",
      id: "signin-form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        session.signInPassword(user.value.trim(), pass.value).then(done, fail);
      },
    },
    h("h2", null, t("login.title")),
    h("label", null, t("login.username"), user),
    h("label", null, t("login.password"), pass),
    h("button", { class: "primary", type: "submit" }, t("login.signin")),
  );

  const newUser = h("input", { id: "signup-username", autocomplete: "username", required: true, minlength: 3, maxlength: 32 });
  const newPass = h("input", { id: "signup-password", type: "password", autocomplete: "new-password", required: true, minlength: 8 });
  const newName = h("input", { id: "signup-display", maxlength: 40 });
  const signUp = h(
    "form",
    {
      class: "card",
      id: "signup-form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        session.signUp(newUser.value.trim(), newPass.value, newName.value.trim()).then(done, fail);
      },
    },
    h("h2", null, t("login.signup_title")),
    h("label", null, t("login.username"), newUser),
    h("label", null, t("login.password"), newPass),
    h("label", null, t("login.display"), newName),
    h("p", { class: "hint" }, t("login.rules_hint")),
    h("button", { type: "submit" }, t("login.signup")),
  );

  const guestName = h("input", { id: "guest-name", maxlength: 24, value: session.lastGuestName() });
  const guest = h(
    "form",
    {
      class: "card guest",
      id: "guest-form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        session.signInGuest(guestName.value.trim()).then(done, fail);
      },
    },
    h("h2", null, t("login.guest_title")),
    h("label", null, t("login.guest_name"), guestName),
    h("button", { class: "primary", type: "submit", id: "guest-submit" }, t("login.guest")),
  );

  root.append(h("div", { class: "login-grid" }, guest, signIn, signUp), error);
}
