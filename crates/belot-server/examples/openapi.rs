//! Prints the API's OpenAPI description, as `GET /api/openapi.json`
//! answers it (for a client generator, or to read without a server):
//! `cargo run -p belot-server --example openapi > openapi.json`.

fn main() {
    println!("{}", belot_server::api_description());
}
