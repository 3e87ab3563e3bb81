// Figures for the 苏拉卡尔塔 network and the `neural` player: positions per second of one
// forward at batch 1 against batch 8 and 32 (the gain the shared batcher buys), and the PUCT
// search's playouts per second. Prints figures only; asserts nothing.
//
//   bots-learned-surakarta-bench [WEIGHTS]   (default: the shipped surakarta-sarsa.pt, else an
//                                             untrained network of the default size)
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "bots/learned/surakarta/evaluator.h"
#include "bots/learned/surakarta/network.h"
#include "bots/learned/surakarta/neural_mcts.h"
#include "bots/learned/weights.h"
#include "base/rng.h"

namespace {

using namespace boyi;
using namespace boyi::bots::learned::surakarta_net;
namespace fs = std::filesystem;

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::vector<Planes> sample_planes(int count) {
  Rng rng(1);
  std::vector<Planes> out;
  surakarta::State s;
  surakarta::MoveList list;
  while (static_cast<int>(out.size()) < count) {
    if (s.is_terminal()) s = surakarta::State();
    encode(s, std::nullopt, out.emplace_back());
    s.legal_moves(list);
    s.apply(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  torch::set_num_threads(1);
  fs::path file = argc > 1 ? fs::path(argv[1]) : boyi::bots::learned::weights_path(kWeightsFile);
  auto net = load_network(file);
  if (!net) {
    std::printf("(%s; an untrained network of the default size instead)\n", net.message().c_str());
    torch::manual_seed(1);
    file = fs::temp_directory_path() / "surakarta-bench-untrained.pt";
    if (!save_network(SurakartaNet(NetShape{}), file).ok()) return 1;
    net = load_network(file);
    if (!net) return 1;
  }
  SurakartaNet model = net.value();
  std::printf("network: %d channels x %d residual blocks, one torch thread\n",
              model->shape().channels, model->shape().blocks);
  const auto planes = sample_planes(4096);
  double base = 0;
  for (int batch : {1, 8, 32, 128}) {
    std::vector<NetOutput> out(static_cast<std::size_t>(batch));
    std::int64_t done = 0;
    const auto t0 = std::chrono::steady_clock::now();
    while (seconds_since(t0) < 1.5) {
      for (std::size_t at = 0; at + batch <= planes.size(); at += batch) {
        evaluate_into(model, std::span<const Planes>(planes).subspan(at, batch), out);
        done += batch;
        if (seconds_since(t0) >= 1.5) break;
      }
    }
    const double rate = done / seconds_since(t0);
    if (batch == 1) base = rate;
    std::printf("batch %4d: %9.0f positions/s  (x%.1f batch 1)\n", batch, rate, rate / base);
  }

  auto evaluator = shared_evaluator(file);
  if (!evaluator) return 1;
  for (int batch : {1, 8}) {
    NeuralMctsOptions o;
    o.batch = batch;
    o.reuse = false;
    NeuralMcts search(evaluator.value(), o);
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = search.search(surakarta::State(),
                                 boyi::bots::TimeBudget(boyi::bots::TimeControl::per_move(2000)));
    const double s = seconds_since(t0);
    std::printf("neural search, batch %d: %6.0f playouts/s, %6.0f evaluations/s, %zu nodes\n",
                batch, r.playouts / s, r.evaluations / s, r.nodes);
  }
  return 0;
}
