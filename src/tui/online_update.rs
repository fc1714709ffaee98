//! What the interface does with what a game server tells it ([`Event`]): a new lobby, the
//! nickname taken, a game started or changed (opened on the game screen, or brought up to
//! date there), a game closed, a notice, a clock tick. Part of the pure `update`.

use super::app::{App, Screen};
use super::effect::Effect;
use super::game::play::Play;
use super::note::Note;
use crate::online::Event;

/// Applies a server event to the model; returns what the runtime must do.
pub fn on_event(app: &mut App, event: Event) -> Vec<Effect> {
    match event {
        Event::Lobby(view) => {
            if let Some(o) = app.online.as_mut() {
                o.lobby = view.clone();
            }
            if let Screen::Lobby(l) = &mut app.screen {
                l.set_view(view);
            }
            Vec::new()
        }
        Event::Named(Ok(name)) => {
            if let Some(o) = app.online.as_mut() {
                o.identity.name = Some(name.clone());
            }
            app.user = name.clone();
            app.note = Some(Note::info(format!(
                "welcome, {name}: c opens a challenge, a plays the AI, ? shows the keys"
            )));
            app.home()
        }
        Event::Named(Err(why)) => {
            app.note = Some(Note::error(why));
            Vec::new()
        }
        Event::Game(update) => {
            if let Screen::Game(play) = &mut app.screen {
                if play.online().is_some_and(|o| o.live.id == update.live.id) {
                    return play.apply_update(*update, &mut app.next_job);
                }
            }
            // A game starts (or a player comes back to theirs): it takes the screen, the
            // game against the AI being saved first.
            let mut fx = Vec::new();
            app.leave_game(&mut fx);
            let mut play = Play::for_server(*update, app.settings.ai_time());
            let text = match play.online().and_then(|o| o.live.seat) {
                Some(_) => "the game is on: ? shows the keys",
                None => "watching: a turns the AI's analysis on or off",
            };
            play.say(text);
            fx.extend(app.open_game(play));
            fx
        }
        Event::Closed(id, why) => {
            let shown = matches!(&app.screen, Screen::Game(p) if p.online().is_some_and(|o| o.live.id == id));
            if shown {
                let fx = app.back_to_menu();
                app.note = Some(Note::info(why));
                fx
            } else {
                app.note = Some(Note::info(why));
                Vec::new()
            }
        }
        Event::Notice(text) => {
            app.tell(Note::info(text));
            Vec::new()
        }
        Event::Tick(now) => {
            if let Screen::Game(play) = &mut app.screen {
                play.tick(now);
            }
            Vec::new()
        }
    }
}
