// The words of a line: split on spaces and tabs, empty words dropped. Views into `text`.
#pragma once

#include <string_view>
#include <vector>

namespace boyi {

inline std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

}  // namespace boyi
