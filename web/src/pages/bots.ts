// A person's own bots: make one (its token shown once, to copy into the bot's settings),
// see each with whether it is online and its token's public id, give one a new token (the
// old stops at once), and open its profile for its games and rating.
import { dialog, h, replaceChildren, toast } from "../dom";
import { errorText } from "../format";
import { t } from "../i18n";
import type { MyBots, NewBotToken } from "../net/proto";
import { session } from "../session";

export function renderBots(root: HTMLElement): () => void {
  root.className = "page-bots";
  const list = h("section", { class: "card", id: "my-bots" }, h("p", { class: "muted" }, t("common.loading")));
  const shown = h("section", { class: "card token-card", id: "new-token", hidden: true });
  const name = h("input", { id: "new-bot-name", required: true, maxlength: 32, placeholder: t("bots.name_hint"), autocomplete: "off" }) as HTMLInputElement;
  const failed = (e: unknown) => toast(t("common.error", { msg: errorText(e) }), "error");
  let disposed = false;

  // The token, once: whoever closes the page without copying it rotates it later.
  const showToken = (made: NewBotToken) => {
    shown.hidden = false;
    replaceChildren(
      shown,
      h("h2", null, t("bots.token_title", { name: made.bot.name })),
      h("p", null, t("bots.token_once")),
      h("pre", { class: "token", id: "bot-token" }, made.token),
      h("p", { class: "muted" }, t("bots.token_use")),
      h("pre", { class: "muted" }, `boyi-bot --server ${location.host} --token ${made.token}`),
    );
  };

  const load = () =>
    session.client.request({ list_my_bots: {} }, (m) => !!m.my_bots).then((r) => {
      if (disposed || !r.my_bots) return;
      const mine: MyBots = r.my_bots;
      replaceChildren(
        list,
        h("h2", null, t("bots.mine", { n: mine.bots.length, max: mine.max_bots })),
        mine.bots.length === 0
          ? h("p", { class: "muted" }, t("bots.none"))
          : h(
              "ul",
              { class: "plain rows" },
              mine.bots.map((b) =>
                h(
                  "li",
                  { class: "bot-row", dataset: { bot: b.bot.name } },
                  h(
                    "span",
                    null,
                    h("a", { href: `#/player/${b.bot.user_id}` }, b.bot.name),
                    " ",
                    b.online ? h("small", { class: "tag" }, t("bots.online")) : null,
                    b.disabled ? h("small", { class: "tag danger" }, t("bots.disabled")) : null,
                    h("br"),
                    h("small", { class: "muted" }, t("bots.token_id", { id: b.token_id || "—" })),
                  ),
                  h(
                    "button",
                    {
                      class: "rotate",
                      onclick: async () => {
                        const ok = await dialog(t("bots.rotate"), h("p", null, t("bots.rotate_confirm", { name: b.bot.name })), [
                          { label: t("match.no"), value: false },
                          { label: t("bots.rotate"), value: true, primary: true },
                        ]);
                        if (!ok) return;
                        session.client
                          .request({ rotate_bot_token: { bot_user_id: b.bot.user_id } }, (m) => !!m.new_bot_token)
                          .then((m) => m.new_bot_token && showToken(m.new_bot_token))
                          .then(load, failed);
                      },
                    },
                    t("bots.rotate"),
                  ),
                ),
              ),
            ),
      );
    }, failed);

  const form = h(
    "form",
    {
      class: "card",
      id: "new-bot-form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        session.client
          .request({ create_bot: { name: name.value.trim() } }, (m) => !!m.new_bot_token)
          .then((m) => {
            if (m.new_bot_token) showToken(m.new_bot_token);
            name.value = "";
          })
          .then(load, failed);
      },
    },
    h("h2", null, t("bots.create_title")),
    h("p", { class: "muted" }, t("bots.create_help")),
    h("label", null, t("bots.name"), " ", name),
    h("button", { class: "primary", type: "submit", id: "new-bot-create" }, t("bots.create")),
  );
  replaceChildren(root, h("h1", null, t("bots.title")), h("div", { class: "columns" }, h("div", null, shown, form), list));
  void load();
  return () => {
    disposed = true;
  };
}
