fn main() {
    use farewell::ui::catalogue::GameScreen;
    println!("GameScreen {}", std::mem::size_of::<GameScreen>());
    println!("farewell Play {}", std::mem::size_of::<farewell::ui::farewell::Play>());
    println!("albert {}", std::mem::size_of::<farewell::ui::albert::Play>());
    println!("kingdoms {}", std::mem::size_of::<farewell::ui::kingdoms::Play>());
    println!("corners {}", std::mem::size_of::<farewell::ui::corners::Play>());
    println!("albert game {}", std::mem::size_of::<farewell::games::albert::Game>());
}
